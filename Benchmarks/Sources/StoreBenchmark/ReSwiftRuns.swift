// The same workloads on real ReSwift, when the package is built with RESWIFT_PATH (see
// Benchmarks/Package.swift).
#if canImport(ReSwift)
  import ReSwift

  /// ReSwift's action: the benchmark's only one.
  struct Increment: ReSwift.Action {
    let index: Int
  }

  /// A ReSwift subscriber counting the values it is given.
  final class CountingSubscriber: StoreSubscriber {
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func newState(state: Int) { tally.count += 1 }
  }

  /// A ReSwift subscriber that ignores its values, for the churn measurement.
  final class IdleSubscriber: StoreSubscriber {
    func newState(state: Int) {}
  }

  /// ReSwift's reducer for the tuple state.
  func reSwiftCountersReducer(action: ReSwift.Action, state: Counters?) -> Counters {
    var state = state ?? Counters()
    if let increment = action as? Increment { state.increment(increment.index) }
    return state
  }

  /// ReSwift's reducer for the array state.
  func reSwiftAppReducer(action: ReSwift.Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    if let increment = action as? Increment { state.counters[increment.index] += 1 }
    return state
  }

  /// The name the tables give the reference store.
  let referenceName = "ReSwift 6.2"

  /// ReSwift on the tuple state: subscriber j selects counter j % 64 with a closure and
  /// ReSwift's automatic skip-repeats.
  func runReferenceOnCounters(subscribers n: Int) -> Result {
    let store = ReSwift.Store<Counters>(reducer: reSwiftCountersReducer, state: Counters())
    let tally = Tally()
    let subscribers = (0..<n).map { _ in CountingSubscriber(tally: tally) }
    for (j, subscriber) in subscribers.enumerated() {
      let read = Counters.readers[j % counterCount]
      store.subscribe(subscriber) { $0.select(read) }
    }
    tally.count = 0
    let seconds = measure {
      for i in 0..<dispatchCount { store.dispatch(Increment(index: i % counterCount)) }
    }
    withExtendedLifetime(subscribers) {}
    return Result(rate: Double(dispatchCount) / seconds, notifications: tally.count)
  }

  /// ReSwift on the array state, with closure or key-path selections.
  func runReferenceOnAppState(subscribers n: Int, selector: Selector) -> Result {
    let store = ReSwift.Store<AppState>(reducer: reSwiftAppReducer, state: AppState())
    let tally = Tally()
    let subscribers = (0..<n).map { _ in CountingSubscriber(tally: tally) }
    for (j, subscriber) in subscribers.enumerated() {
      let index = j % counterCount
      switch selector {
      case .closure: store.subscribe(subscriber) { $0.select { $0.counters[index] } }
      case .keyPath: store.subscribe(subscriber) { $0.select(\.counters[index]) }
      }
    }
    tally.count = 0
    let seconds = measure {
      for i in 0..<dispatchCount { store.dispatch(Increment(index: i % counterCount)) }
    }
    withExtendedLifetime(subscribers) {}
    return Result(rate: Double(dispatchCount) / seconds, notifications: tally.count)
  }

  /// ReSwift with `n` subscribers: seconds to unsubscribe `count` of them, spread through the
  /// list.
  func unsubscribeReference(of n: Int, count: Int) -> Double {
    let store = ReSwift.Store<AppState>(reducer: reSwiftAppReducer, state: AppState())
    let subscribers = (0..<n).map { _ in IdleSubscriber() }
    for (j, subscriber) in subscribers.enumerated() {
      let index = j % counterCount
      store.subscribe(subscriber) { $0.select { $0.counters[index] } }
    }
    let stride = n / count
    return measure {
      for k in 0..<count { store.unsubscribe(subscribers[k * stride]) }
    }
  }
#else
  /// The name the tables give the reference store.
  let referenceName = "naive (set RESWIFT_PATH for ReSwift)"

  /// The naive ReSwift-style store on the tuple state, with closure selections.
  func runReferenceOnCounters(subscribers n: Int) -> Result {
    runNaiveOnCounters(subscribers: n)
  }

  /// The naive ReSwift-style store on the array state; it has no key-path selections, so both
  /// selectors use closures.
  func runReferenceOnAppState(subscribers n: Int, selector: Selector) -> Result {
    runNaiveOnAppState(subscribers: n)
  }

  /// The naive store with `n` subscribers: seconds to unsubscribe `count` of them.
  func unsubscribeReference(of n: Int, count: Int) -> Double {
    unsubscribeNaive(of: n, count: count)
  }
#endif
