import ForageStore

/// A small tour of the ForageStore library, driving a toy finder.
///
/// It builds a store, then shows in turn: a middleware seeing the state before and after each
/// action, a key-path subscription that skips repeats, an action dispatched from a subscriber
/// (queued, not recursive), an async effect with a cancellation id where the latest search
/// wins, a selection read with `for await`, and `send` waiting for what an action caused.
/// Everything it prints is deterministic.
enum StoreTour {
  /// What the finder knows.
  struct State: Equatable, Sendable {
    var radius = 500
    var query = ""
    var places: [String] = []
    var notes: [String] = []
  }

  /// What can happen to the finder.
  enum Action: Equatable, Sendable {
    case radiusChanged(Int)
    case searchRequested(String)
    case placesLoaded(query: String, places: [String])
    case noted(String)
  }

  /// The only place the state changes.
  static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .radiusChanged(let radius): state.radius = radius
    case .searchRequested(let query): state.query = query
    case .placesLoaded(_, let places): state.places = places
    case .noted(let note): state.notes.append(note)
    }
  }

  /// Prints each action, then (after the reducer and the subscribers) what it changed.
  static let logging = Middleware<State, Action> { context, action, next in
    print("  dispatch \(action)")
    let before = context.state
    next(action)
    let after = context.state
    var change = "no change"
    if before.radius != after.radius { change = "radius \(before.radius) -> \(after.radius)" }
    if before.query != after.query { change = "query \"\(before.query)\" -> \"\(after.query)\"" }
    if before.places != after.places { change = "places \(before.places) -> \(after.places)" }
    if before.notes != after.notes { change = "notes +\"\(after.notes.last ?? "")\"" }
    print("    logging middleware: \(change)")
  }

  /// Searches asynchronously; a new search cancels the one in flight (latest wins).
  static func search(network: Network) -> Middleware<State, Action> {
    Middleware { context, action, next in
      next(action)
      guard case .searchRequested(let query) = action else { return }
      let radius = context.state.radius
      context.run(id: "search") { send in
        await network.response()
        let places = ["\(query) house", "\(query) bar"].map { "\($0) (\(radius) m)" }
        send(.placesLoaded(query: query, places: places))
      }
    }
  }

  /// Runs the tour, printing each step.
  static func run() async {
    print("ForageStore tour")
    let network = Network()
    let store = Store(
      initialState: State(),
      reducer: reducer,
      middleware: [logging, search(network: network)]
    )

    print("1. subscribe to \\.radius (Equatable: repeats are skipped); the value arrives at once")
    let radius = store.subscribe(\.radius) { print("    subscriber: radius is \($0)") }

    print("2. dispatch radiusChanged(800) twice; the second is a repeat")
    store.dispatch(.radiusChanged(800))
    store.dispatch(.radiusChanged(800))

    print("3. a subscriber that dispatches: its action is queued after the current one")
    let places = store.subscribe(\.places) { [weak store] places in
      print("    subscriber: \(places.count) places")
      guard !places.isEmpty else { return }
      store?.dispatch(.noted("showed \(places.count) places"))
      print("    subscriber: returned from dispatch")
    }

    print("4. two searches with the same cancellation id; the second cancels the first")
    store.dispatch(.searchRequested("ramen"))
    store.dispatch(.searchRequested("pho"))
    print("  the network answers both; the cancelled effect's result is dropped")
    await network.answer()
    await store.idle()

    let state = store.state
    print("5. idle: query \"\(state.query)\", \(state.places.count) places, notes \(state.notes)")

    print("6. for await over store.values(of: \\.radius): the current value, then each change")
    let radii = store.values(of: \.radius)
    store.dispatch(.radiusChanged(1000))
    store.dispatch(.radiusChanged(1000))
    store.dispatch(.radiusChanged(1200))
    var seen: [Int] = []
    for await value in radii {
      seen.append(value)
      if seen.count == 3 { break }
    }
    print("    radii seen: \(seen)")

    print("7. await store.send(searchRequested(\"udon\")): returns once its search has answered")
    await store.send(.searchRequested("udon"))
    print("    send returned: \(store.state.places)")
    withExtendedLifetime((radius, places)) {}
  }
}
