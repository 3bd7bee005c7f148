// StoreBenchmark: ForageStore against ReSwift 6.2, side by side in one process, same workload.
//
// Workload (fixed, see issue 2): the state is 64 Int counters; N subscribers, subscriber j
// selects counter j % 64 with skip-repeats; 100 000 dispatches, dispatch i increments counter
// i % 64. Two states hold the counters:
// - a tuple of 64 stored Ints: ForageStore subscribers select them with key paths (read at a
//   fixed offset), ReSwift's with closures, as ReSwift users do;
// - the natural `struct AppState { var counters: [Int] }`: subscribers select counter k with a
//   closure `{ $0.counters[k] }` or a key path `\.counters[k]` (a subscript: applied by the
//   standard library), in both stores.
// Reported: dispatches per second and nanoseconds per subscriber per dispatch for N = 0, 10,
// 100, 1000, the notification count (checked against the exact expected count; exit 1 on a
// mismatch), and the cost of one unsubscribe among 1 000, 10 000 and 100 000 subscribers.
//
// ReSwift is not in the offline package set: build with RESWIFT_PATH naming a checkout of it
// (Benchmarks/Package.swift). Without it the reference is a naive ReSwift-style store.
//
// Run: RESWIFT_PATH=/path/to/ReSwift swift run -c release --package-path Benchmarks StoreBenchmark
// Profile one case: StoreBenchmark profile keypath 10 (or closure, and any N)
import ForageStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let subscriberCounts = [0, 10, 100, 1000]
let churnSizes = [1_000, 10_000, 100_000]
let unsubscribeCount = 1_000

/// One run's dispatch rate and the notifications its subscribers counted.
struct Result {
  var rate: Double
  var notifications: Int
}

/// How a subscriber selects counter k of ``AppState``.
enum Selector {
  /// `{ $0.counters[k] }`
  case closure
  /// `\.counters[k]`
  case keyPath
}

/// ForageStore on the tuple state, with key-path selections read at their offset.
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

/// ForageStore with `n` closure subscribers: seconds to unsubscribe `count` of them, spread
/// through the list.
func unsubscribeForage(of n: Int, count: Int) -> Double {
  let store = Store(initialState: AppState(), reducer: appReducer)
  let tokens = (0..<n).map { j in
    let index = j % counterCount
    return store.subscribe(select: { $0.counters[index] }) { _ in }
  }
  let stride = n / count
  return measure {
    for k in 0..<count { tokens[k * stride].cancel() }
  }
}

/// The naive store on the tuple state, with closure selections.
func runNaiveOnCounters(subscribers n: Int) -> Result {
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

/// The naive store with `n` subscribers: seconds to unsubscribe `count` of them.
func unsubscribeNaive(of n: Int, count: Int) -> Double {
  let store = NaiveStore(state: AppState(), reduce: appReducer.reduce)
  let subscriptions = (0..<n).map { j in
    let index = j % counterCount
    return store.subscribe(select: { $0.counters[index] }) { _ in }
  }
  let stride = n / count
  return measure {
    for k in 0..<count { store.unsubscribe(subscriptions[k * stride]) }
  }
}

/// Nanoseconds per subscriber per dispatch, or "-" without subscribers.
func nanosecondsPerSubscriber(_ result: Result, subscribers n: Int) -> String {
  n == 0 ? "-" : formatted(1e9 / result.rate / Double(n), 1)
}

func formatted(_ value: Double, _ digits: Int = 0) -> String {
  guard value.isFinite else { return "inf" }
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

/// Prints one row of right-aligned cells.
func row(_ cells: [(String, Int)]) {
  print(cells.map { padded($0.0, $0.1) }.joined())
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
print("reference store: \(referenceName)")
var failed = false

/// Prints a mismatch between a run's notifications and the exact expected count; returns
/// whether there was one.
func mismatches(_ label: String, _ result: Result, subscribers n: Int) -> Bool {
  let expected = expectedNotifications(subscribers: n)
  guard result.notifications != expected else { return false }
  print("  MISMATCH: \(label) \(result.notifications), expected \(expected)")
  return true
}

print(
  "1. tuple state (64 stored Ints); ForageStore selects with key paths, the reference with closures"
)
row([
  ("N", 6), ("ForageStore/s", 16), ("reference/s", 14), ("ratio", 9), ("ns/sub", 9),
  ("ref ns/sub", 12),
])
for n in subscriberCounts {
  let forage = runForage(subscribers: n)
  let reference = runReferenceOnCounters(subscribers: n)
  row([
    (String(n), 6), (formatted(forage.rate), 16), (formatted(reference.rate), 14),
    (formatted(forage.rate / reference.rate, 1) + "x", 9),
    (nanosecondsPerSubscriber(forage, subscribers: n), 9),
    (nanosecondsPerSubscriber(reference, subscribers: n), 12),
  ])
  if mismatches("ForageStore", forage, subscribers: n) { failed = true }
  if mismatches("reference", reference, subscribers: n) { failed = true }
}

print("2. struct AppState { var counters: [Int] }: closure and key-path selections in both stores")
row([
  ("N", 6), ("closure/s", 12), ("ref closure/s", 15), ("ratio", 9), ("key path/s", 12),
  ("ref key path/s", 16), ("ratio", 9), ("ns/sub closure", 16), ("key path", 10),
])
for n in subscriberCounts {
  let closure = runForageOnAppState(subscribers: n, selector: .closure)
  let referenceClosure = runReferenceOnAppState(subscribers: n, selector: .closure)
  let keyPath = runForageOnAppState(subscribers: n, selector: .keyPath)
  let referenceKeyPath = runReferenceOnAppState(subscribers: n, selector: .keyPath)
  row([
    (String(n), 6), (formatted(closure.rate), 12), (formatted(referenceClosure.rate), 15),
    (formatted(closure.rate / referenceClosure.rate, 1) + "x", 9),
    (formatted(keyPath.rate), 12), (formatted(referenceKeyPath.rate), 16),
    (formatted(keyPath.rate / referenceKeyPath.rate, 1) + "x", 9),
    (nanosecondsPerSubscriber(closure, subscribers: n), 16),
    (nanosecondsPerSubscriber(keyPath, subscribers: n), 10),
  ])
  if mismatches("closure", closure, subscribers: n) { failed = true }
  if mismatches("reference closure", referenceClosure, subscribers: n) { failed = true }
  if mismatches("key path", keyPath, subscribers: n) { failed = true }
  if mismatches("reference key path", referenceKeyPath, subscribers: n) { failed = true }
}

print(
  "3. one unsubscribe among N subscribers (\(unsubscribeCount) of them, spread through the list)"
)
row([("N", 8), ("ForageStore ns", 16), ("reference ns", 14)])
for n in churnSizes {
  let forage = unsubscribeForage(of: n, count: unsubscribeCount)
  let reference = unsubscribeReference(of: n, count: unsubscribeCount)
  row([
    (String(n), 8), (formatted(forage * 1e9 / Double(unsubscribeCount)), 16),
    (formatted(reference * 1e9 / Double(unsubscribeCount)), 14),
  ])
}

if failed {
  print("FAILED: notification counts differ from the expected count")
  exit(1)
}
