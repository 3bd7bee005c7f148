import ForageStore
import ForageSupport

/// The number of counters in the state.
let counterCount = 64
/// The dispatches each run makes; dispatch i increments counter i % 64.
let dispatchCount = 100_000

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
  return elapsed.seconds
}
