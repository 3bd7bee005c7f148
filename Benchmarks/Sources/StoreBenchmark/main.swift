// StoreBenchmark: ForageStore against a naive ReSwift-style store, side by side, same workload.
//
// Workload (fixed, see issue 2): the state is 64 Int counters; N subscribers, subscriber j
// selects counter j % 64 with skip-repeats; 100 000 dispatches, dispatch i increments counter
// i % 64. Reported: dispatches per second for N = 0, 10, 100, 1000, the notification count
// (checked against the exact expected count; exit 1 on a mismatch), and the time to subscribe
// then unsubscribe 3 000 subscribers one by one.
//
// Run: swift run -c release --package-path Benchmarks StoreBenchmark
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

/// The benchmark's state: 64 counters.
struct Counters: Sendable {
  var values = [Int](repeating: 0, count: counterCount)
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
  case .increment(let index): state.values[index] += 1
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
    tokens.append(store.subscribe(\.values[j % counterCount]) { _ in tally.count += 1 })
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
    subscriptions.append(store.subscribe(select: { $0.values[index] }) { _ in tally.count += 1 })
  }
  tally.count = 0
  let seconds = measure {
    for i in 0..<dispatchCount { store.dispatch(.increment(i % counterCount)) }
  }
  withExtendedLifetime(subscriptions) {}
  return Result(rate: Double(dispatchCount) / seconds, notifications: tally.count)
}

func churnForage() -> (subscribe: Double, unsubscribe: Double) {
  let store = Store(initialState: Counters(), reducer: reducer)
  var tokens: [SubscriptionToken] = []
  tokens.reserveCapacity(churnCount)
  let subscribe = measure {
    for j in 0..<churnCount {
      tokens.append(store.subscribe(\.values[j % counterCount]) { _ in })
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
      subscriptions.append(store.subscribe(select: { $0.values[index] }) { _ in })
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

print("StoreBenchmark: 64 counters, \(dispatchCount) dispatches, subscriber j watches j % 64")
print(
  padded("N", 6) + padded("ForageStore/s", 16) + padded("naive/s", 14) + padded("ratio", 9)
    + padded("notifications", 16) + padded("expected", 12)
)
var failed = false
for n in subscriberCounts {
  let forage = runForage(subscribers: n)
  let naive = runNaive(subscribers: n)
  let expected = expectedNotifications(subscribers: n)
  print(
    padded(String(n), 6) + padded(formatted(forage.rate), 16) + padded(formatted(naive.rate), 14)
      + padded(formatted(forage.rate / naive.rate, 1) + "x", 9)
      + padded(String(forage.notifications), 16) + padded(String(expected), 12)
  )
  if forage.notifications != expected || naive.notifications != expected {
    print("  MISMATCH: ForageStore \(forage.notifications), naive \(naive.notifications)")
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
