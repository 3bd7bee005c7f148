import ArgumentParser
import ForageStore
import Foundation
import Synchronization

/// `forage store-demo`: a small tour of the ForageStore library.
///
/// It builds a store for a toy finder, then shows in turn: a middleware seeing the state before
/// and after each action, a key-path subscription that skips repeats, an action dispatched from a
/// subscriber (queued, not recursive), and an async effect with a cancellation id where the
/// latest search wins. Everything it prints is deterministic.
struct StoreDemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "store-demo",
    abstract: "Show ForageStore at work: dispatch, middleware, subscriptions and effects."
  )

  func run() async throws {
    await StoreTour.run()
  }
}

/// The toy finder the tour drives.
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

  /// A stand-in for the network that answers every pending request when told to, so the tour
  /// shows cancellation the same way on every run.
  final class Network: Sendable {
    private struct State {
      var isAnswering = false
      var pending: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Waits until ``answer()`` has been called.
    func response() async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let now = state.withLock { state in
          if state.isAnswering { return true }
          state.pending.append(continuation)
          return false
        }
        if now { continuation.resume() }
      }
    }

    /// Answers every request, now and later.
    func answer() {
      let waiting = state.withLock { state in
        state.isAnswering = true
        defer { state.pending.removeAll() }
        return state.pending
      }
      for continuation in waiting { continuation.resume() }
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
    network.answer()
    await store.idle()

    let state = store.state
    print("5. idle: query \"\(state.query)\", \(state.places.count) places, notes \(state.notes)")
    withExtendedLifetime((radius, places)) {}
  }
}
