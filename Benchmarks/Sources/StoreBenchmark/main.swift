// StoreBenchmark: ForageStore against a naive ReSwift-style store, side by side, same workload.
//
// Workload (fixed, see issue 2): the state is 64 Int counters; N subscribers, subscriber j
// selects counter j % 64 with skip-repeats; 100 000 dispatches, dispatch i increments counter
// i % 64. Two states hold the counters:
// - a tuple of 64 stored Ints: ForageStore subscribers select them with key paths (read at a
//   fixed offset), the naive store with closures, as ReSwift users do;
// - the natural `struct AppState { var counters: [Int] }`: ForageStore subscribers select
//   counter k with a closure `{ $0.counters[k] }` or a key path `\.counters[k]`, the naive store
//   with the same closure.
// Reported: dispatches per second and nanoseconds per subscriber per dispatch for N = 0, 10,
// 100, 1000, the notification count (checked against the exact expected count; exit 1 on a
// mismatch), and the time to subscribe then unsubscribe 3 000 subscribers one by one.
//
// Run: swift run -c release --package-path Benchmarks StoreBenchmark
// Profile one case: StoreBenchmark profile keypath 10 (or closure, and any N)
import ForageStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let counterCount = 64
let dispatchCount = 100_000
let subscriberCounts = [0, 10, 100, 1000]
let churnCount = 3_000

/// The benchmark's state: 64 counters, stored inline as 64 stored properties (a tuple), the way
/// app state is usually made of stored properties.
struct Counters: Sendable {
  var c:
    (
      Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int,
      Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int,
      Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int,
      Int, Int, Int, Int, Int, Int, Int
    ) = (
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0
    )

  /// Adds one to counter `index`, in place.
  mutating func increment(_ index: Int) {
    withUnsafeMutableBytes(of: &c) { bytes in
      let offset = index * MemoryLayout<Int>.stride
      bytes.storeBytes(
        of: bytes.load(fromByteOffset: offset, as: Int.self) + 1,
        toByteOffset: offset,
        as: Int.self
      )
    }
  }

  /// The key path of each counter.
  static let keyPaths: [KeyPath<Counters, Int> & Sendable] = [
    \Counters.c.0, \Counters.c.1, \Counters.c.2, \Counters.c.3, \Counters.c.4, \Counters.c.5,
    \Counters.c.6, \Counters.c.7,
    \Counters.c.8, \Counters.c.9, \Counters.c.10, \Counters.c.11, \Counters.c.12, \Counters.c.13,
    \Counters.c.14, \Counters.c.15,
    \Counters.c.16, \Counters.c.17, \Counters.c.18, \Counters.c.19, \Counters.c.20, \Counters.c.21,
    \Counters.c.22, \Counters.c.23,
    \Counters.c.24, \Counters.c.25, \Counters.c.26, \Counters.c.27, \Counters.c.28, \Counters.c.29,
    \Counters.c.30, \Counters.c.31,
    \Counters.c.32, \Counters.c.33, \Counters.c.34, \Counters.c.35, \Counters.c.36, \Counters.c.37,
    \Counters.c.38, \Counters.c.39,
    \Counters.c.40, \Counters.c.41, \Counters.c.42, \Counters.c.43, \Counters.c.44, \Counters.c.45,
    \Counters.c.46, \Counters.c.47,
    \Counters.c.48, \Counters.c.49, \Counters.c.50, \Counters.c.51, \Counters.c.52, \Counters.c.53,
    \Counters.c.54, \Counters.c.55,
    \Counters.c.56, \Counters.c.57, \Counters.c.58, \Counters.c.59, \Counters.c.60, \Counters.c.61,
    \Counters.c.62, \Counters.c.63,
  ]
}

extension Counters {
  /// A closure reading each counter, for the naive store's selectors.
  static let readers: [@Sendable (Counters) -> Int] = [
    { $0.c.0 }, { $0.c.1 }, { $0.c.2 }, { $0.c.3 }, { $0.c.4 }, { $0.c.5 }, { $0.c.6 }, { $0.c.7 },
    { $0.c.8 }, { $0.c.9 }, { $0.c.10 }, { $0.c.11 }, { $0.c.12 }, { $0.c.13 }, { $0.c.14 },
    { $0.c.15 },
    { $0.c.16 }, { $0.c.17 }, { $0.c.18 }, { $0.c.19 }, { $0.c.20 }, { $0.c.21 }, { $0.c.22 },
    { $0.c.23 },
    { $0.c.24 }, { $0.c.25 }, { $0.c.26 }, { $0.c.27 }, { $0.c.28 }, { $0.c.29 }, { $0.c.30 },
    { $0.c.31 },
    { $0.c.32 }, { $0.c.33 }, { $0.c.34 }, { $0.c.35 }, { $0.c.36 }, { $0.c.37 }, { $0.c.38 },
    { $0.c.39 },
    { $0.c.40 }, { $0.c.41 }, { $0.c.42 }, { $0.c.43 }, { $0.c.44 }, { $0.c.45 }, { $0.c.46 },
    { $0.c.47 },
    { $0.c.48 }, { $0.c.49 }, { $0.c.50 }, { $0.c.51 }, { $0.c.52 }, { $0.c.53 }, { $0.c.54 },
    { $0.c.55 },
    { $0.c.56 }, { $0.c.57 }, { $0.c.58 }, { $0.c.59 }, { $0.c.60 }, { $0.c.61 }, { $0.c.62 },
    { $0.c.63 },
  ]
}

/// The natural state: the 64 counters in an array. Key paths into it (`\.counters[k]`) have a
/// subscript component.
struct AppState: Sendable {
  var counters = [Int](repeating: 0, count: counterCount)
}

/// The benchmark's only action.
enum CounterAction: Sendable {
  case increment(Int)
}

/// Counts notifications; the benchmark is single-threaded.
final class Tally: @unchecked Sendable {
  var count = 0
}

let reducer = Reducer<Counters, CounterAction> { state, action in
  switch action {
  case .increment(let index): state.increment(index)
  }
}

let appReducer = Reducer<AppState, CounterAction> { state, action in
  switch action {
  case .increment(let index): state.counters[index] += 1
  }
}

/// The exact number of notifications the workload must produce with `n` subscribers.
func expectedNotifications(subscribers n: Int) -> Int {
  var total = 0
  for counter in 0..<counterCount {
    let dispatches = (0..<dispatchCount).count { $0 % counterCount == counter }
    let watchers = (0..<n).count { $0 % counterCount == counter }
    total += dispatches * watchers
  }
  return total
}

/// Seconds elapsed while running `body`.
func measure(_ body: () -> Void) -> Double {
  let clock = ContinuousClock()
  let elapsed = clock.measure(body)
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

// MARK: - The naive reference store (ReSwift's design)

/// A ReSwift-style store: every subscription is a closure chain (select, skip repeats, sink)
/// run on every dispatch; subscriptions live in an array and are removed by linear search.
final class NaiveStore<State> {
  final class Subscription {
    let newValues: (State?, State) -> Void
    init(_ newValues: @escaping (State?, State) -> Void) { self.newValues = newValues }
  }

  private(set) var state: State
  private let reduce: (inout State, CounterAction) -> Void
  private var subscriptions: [Subscription] = []
  private var isDispatching = false

  init(state: State, reduce: @escaping (inout State, CounterAction) -> Void) {
    self.state = state
    self.reduce = reduce
  }

  /// Subscribes with a selector and skip-repeats, as `store.subscribe(s) { $0.select(f).skipRepeats() }`.
  func subscribe<Value: Equatable>(
    select: @escaping (State) -> Value,
    onChange: @escaping (Value) -> Void
  ) -> Subscription {
    // Each stage is a closure feeding the next, as ReSwift's Subscription.select/skipRepeats do.
    let sink: (Value?, Value) -> Void = { _, new in onChange(new) }
    let skipRepeats: (Value?, Value) -> Void = { old, new in
      if let old, old == new { return }
      sink(old, new)
    }
    let selectStage: (State?, State) -> Void = { old, new in
      skipRepeats(old.map(select), select(new))
    }
    let subscription = Subscription(selectStage)
    subscriptions.append(subscription)
    subscription.newValues(nil, state)
    return subscription
  }

  func unsubscribe(_ subscription: Subscription) {
    if let index = subscriptions.firstIndex(where: { $0 === subscription }) {
      subscriptions.remove(at: index)
    }
  }

  func dispatch(_ action: CounterAction) {
    precondition(!isDispatching, "reentrant dispatch")
    isDispatching = true
    let old = state
    reduce(&state, action)
    isDispatching = false
    for subscription in subscriptions { subscription.newValues(old, state) }
  }
}

// MARK: - Runs

struct Result {
  var rate: Double
  var notifications: Int
}

func runForage(subscribers n: Int) -> Result {
  let store = Store(initialState: Counters(), reducer: reducer)
  let tally = Tally()
  var tokens: [SubscriptionToken] = []
  for j in 0..<n {
    tokens.append(store.subscribe(Counters.keyPaths[j % counterCount]) { _ in tally.count += 1 })
  }
  tally.count = 0
  let seconds = measure {
    for i in 0..<dispatchCount { store.dispatch(.increment(i % counterCount)) }
  }
  withExtendedLifetime(tokens) {}
  return Result(rate: Double(dispatchCount) / seconds, notifications: tally.count)
}

func runNaive(subscribers n: Int) -> Result {
  let store = NaiveStore(state: Counters(), reduce: reducer.reduce)
  let tally = Tally()
  var subscriptions: [NaiveStore<Counters>.Subscription] = []
  for j in 0..<n {
    let index = j % counterCount
    subscriptions.append(store.subscribe(select: Counters.readers[index]) { _ in tally.count += 1 })
  }
  tally.count = 0
  let seconds = measure {
    for i in 0..<dispatchCount { store.dispatch(.increment(i % counterCount)) }
  }
  withExtendedLifetime(subscriptions) {}
  return Result(rate: Double(dispatchCount) / seconds, notifications: tally.count)
}

/// How a ForageStore subscriber selects counter k of ``AppState``.
enum Selector {
  /// `{ $0.counters[k] }`
  case closure
  /// `\.counters[k]`
  case keyPath
}

/// ForageStore on ``AppState``, with closure or key-path selections.
func runForageOnAppState(subscribers n: Int, selector: Selector) -> Result {
  let store = Store(initialState: AppState(), reducer: appReducer)
  let tally = Tally()
  var tokens: [SubscriptionToken] = []
  for j in 0..<n {
    let index = j % counterCount
    switch selector {
    case .keyPath:
      tokens.append(store.subscribe(\.counters[index]) { _ in tally.count += 1 })
    case .closure:
      tokens.append(store.subscribe(select: { $0.counters[index] }) { _ in tally.count += 1 })
    }
  }
  tally.count = 0
  let seconds = measure {
    for i in 0..<dispatchCount { store.dispatch(.increment(i % counterCount)) }
  }
  withExtendedLifetime(tokens) {}
  return Result(rate: Double(dispatchCount) / seconds, notifications: tally.count)
}

/// The naive store on ``AppState``, with closure selections.
func runNaiveOnAppState(subscribers n: Int) -> Result {
  let store = NaiveStore(state: AppState(), reduce: appReducer.reduce)
  let tally = Tally()
  var subscriptions: [NaiveStore<AppState>.Subscription] = []
  for j in 0..<n {
    let index = j % counterCount
    subscriptions.append(store.subscribe(select: { $0.counters[index] }) { _ in tally.count += 1 })
  }
  tally.count = 0
  let seconds = measure {
    for i in 0..<dispatchCount { store.dispatch(.increment(i % counterCount)) }
  }
  withExtendedLifetime(subscriptions) {}
  return Result(rate: Double(dispatchCount) / seconds, notifications: tally.count)
}

/// Nanoseconds per subscriber per dispatch, or "-" without subscribers.
func nanosecondsPerSubscriber(_ result: Result, subscribers n: Int) -> String {
  n == 0 ? "-" : formatted(1e9 / result.rate / Double(n), 1)
}

func churnForage() -> (subscribe: Double, unsubscribe: Double) {
  let store = Store(initialState: Counters(), reducer: reducer)
  var tokens: [SubscriptionToken] = []
  tokens.reserveCapacity(churnCount)
  let subscribe = measure {
    for j in 0..<churnCount {
      tokens.append(store.subscribe(Counters.keyPaths[j % counterCount]) { _ in })
    }
  }
  let unsubscribe = measure {
    for token in tokens { token.cancel() }
  }
  return (subscribe, unsubscribe)
}

func churnNaive() -> (subscribe: Double, unsubscribe: Double) {
  let store = NaiveStore(state: Counters(), reduce: reducer.reduce)
  var subscriptions: [NaiveStore<Counters>.Subscription] = []
  subscriptions.reserveCapacity(churnCount)
  let subscribe = measure {
    for j in 0..<churnCount {
      let index = j % counterCount
      subscriptions.append(store.subscribe(select: Counters.readers[index]) { _ in })
    }
  }
  let unsubscribe = measure {
    for subscription in subscriptions { store.unsubscribe(subscription) }
  }
  return (subscribe, unsubscribe)
}

func formatted(_ value: Double, _ digits: Int = 0) -> String {
  var text = String(Int((value * pow(10, Double(digits))).rounded()))
  if digits > 0 {
    while text.count <= digits { text = "0" + text }
    text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
  }
  return text
}

func padded(_ text: String, _ width: Int) -> String {
  String(repeating: " ", count: max(0, width - text.count)) + text
}

// `StoreBenchmark profile closure|keypath N` repeats one AppState case 20 times and prints
// nothing, for a profiler (`perf record`).
let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "profile", let n = Int(arguments[3]) {
  let selector: Selector = arguments[2] == "keypath" ? .keyPath : .closure
  for _ in 0..<20 { _ = runForageOnAppState(subscribers: n, selector: selector) }
  exit(0)
}

print("StoreBenchmark: 64 counters, \(dispatchCount) dispatches, subscriber j watches j % 64")
print("1. tuple state (64 stored Ints); ForageStore selects with key paths, naive with closures")
print(
  padded("N", 6) + padded("ForageStore/s", 16) + padded("naive/s", 14) + padded("ratio", 9)
    + padded("ns/sub", 9) + padded("naive ns/sub", 14) + padded("notifications", 16)
    + padded("expected", 12)
)
var failed = false
for n in subscriberCounts {
  let forage = runForage(subscribers: n)
  let naive = runNaive(subscribers: n)
  let expected = expectedNotifications(subscribers: n)
  print(
    padded(String(n), 6) + padded(formatted(forage.rate), 16) + padded(formatted(naive.rate), 14)
      + padded(formatted(forage.rate / naive.rate, 1) + "x", 9)
      + padded(nanosecondsPerSubscriber(forage, subscribers: n), 9)
      + padded(nanosecondsPerSubscriber(naive, subscribers: n), 14)
      + padded(String(forage.notifications), 16) + padded(String(expected), 12)
  )
  if forage.notifications != expected || naive.notifications != expected {
    print("  MISMATCH: ForageStore \(forage.notifications), naive \(naive.notifications)")
    failed = true
  }
}
print("2. struct AppState { var counters: [Int] }; ForageStore: closure and key-path selections")
print(
  padded("N", 6) + padded("closure/s", 12) + padded("key path/s", 12) + padded("naive/s", 12)
    + padded("closure ns/sub", 16) + padded("key path ns/sub", 17) + padded("naive ns/sub", 14)
)
for n in subscriberCounts {
  let closure = runForageOnAppState(subscribers: n, selector: .closure)
  let keyPath = runForageOnAppState(subscribers: n, selector: .keyPath)
  let naive = runNaiveOnAppState(subscribers: n)
  print(
    padded(String(n), 6) + padded(formatted(closure.rate), 12)
      + padded(formatted(keyPath.rate), 12) + padded(formatted(naive.rate), 12)
      + padded(nanosecondsPerSubscriber(closure, subscribers: n), 16)
      + padded(nanosecondsPerSubscriber(keyPath, subscribers: n), 17)
      + padded(nanosecondsPerSubscriber(naive, subscribers: n), 14)
  )
  let expected = expectedNotifications(subscribers: n)
  for (label, result) in [("closure", closure), ("key path", keyPath), ("naive", naive)]
  where result.notifications != expected {
    print("  MISMATCH: \(label) \(result.notifications), expected \(expected)")
    failed = true
  }
}
let forageChurn = churnForage()
let naiveChurn = churnNaive()
print("subscribe then unsubscribe \(churnCount) one by one:")
print(
  "  ForageStore: subscribe \(formatted(forageChurn.subscribe * 1000, 2)) ms, "
    + "unsubscribe \(formatted(forageChurn.unsubscribe * 1000, 2)) ms"
)
print(
  "  naive:       subscribe \(formatted(naiveChurn.subscribe * 1000, 2)) ms, "
    + "unsubscribe \(formatted(naiveChurn.unsubscribe * 1000, 2)) ms"
)
if failed {
  print("FAILED: notification counts differ from the expected count")
  exit(1)
}
