import Dispatch
import ForageStore
import Foundation
import Synchronization

/// The state most store tests use.
struct CounterState: Equatable, Sendable {
  var count = 0
  var name = ""
  var log: [String] = []
  var child = ChildState()
}

/// A sub-state, for the pullback tests.
struct ChildState: Equatable, Sendable {
  var value = 0
}

/// The actions most store tests use.
enum CounterAction: Equatable, Sendable {
  case incremented
  case decremented
  case added(Int)
  case renamed(String)
  case noted(String)
  case child(ChildAction)
}

/// The sub-state's actions.
enum ChildAction: Equatable, Sendable {
  case bumped
}

/// The reducer for ``CounterState``.
let counterReducer = Reducer<CounterState, CounterAction> { state, action in
  switch action {
  case .incremented: state.count += 1
  case .decremented: state.count -= 1
  case .added(let amount): state.count += amount
  case .renamed(let name): state.name = name
  case .noted(let line): state.log.append(line)
  case .child(.bumped): state.child.value += 1
  }
}

/// Makes a store with the counter reducer.
func makeStore(
  _ state: CounterState = CounterState(),
  middleware: [Middleware<CounterState, CounterAction>] = []
) -> Store<CounterState, CounterAction> {
  Store(initialState: state, reducer: counterReducer, middleware: middleware)
}

/// A thread-safe list of values, for recording what subscribers and middleware saw.
final class Recorder<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  /// Appends a value.
  func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }

  /// Everything recorded so far.
  var values: [Value] {
    storage.withLock { $0 }
  }
}

/// Something whose deallocation a test can observe.
final class Tracked: @unchecked Sendable {
  let onDeinit: @Sendable () -> Void

  init(onDeinit: @escaping @Sendable () -> Void) {
    self.onDeinit = onDeinit
  }

  deinit { onDeinit() }
}

/// A one-shot signal that a thread can block on, for tests that must hold a thread mid-dispatch.
final class Gate: @unchecked Sendable {
  private let semaphore = DispatchSemaphore(value: 0)

  /// Lets one waiter through.
  func open() { semaphore.signal() }

  /// Blocks until the gate opens; returns `false` after 10 seconds.
  @discardableResult
  func wait() -> Bool {
    semaphore.wait(timeout: .now() + 10) == .success
  }
}

/// Runs `body` on `count` new threads at once and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      body(index)
      group.leave()
    }
    thread.start()
  }
  group.wait()
}

/// An async gate: `wait()` suspends until `open()` has been called, then returns at once.
final class AsyncLatch: Sendable {
  /// What the mutex guards.
  private struct Contents {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let contents = Mutex(Contents())

  /// Opens the latch, resuming every waiter.
  func open() {
    let waiting = contents.withLock { contents in
      contents.isOpen = true
      defer { contents.waiters.removeAll() }
      return contents.waiters
    }
    for waiter in waiting { waiter.resume() }
  }

  /// Waits until the latch is open.
  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumeNow = contents.withLock { contents in
        if contents.isOpen { return true }
        contents.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }
}
