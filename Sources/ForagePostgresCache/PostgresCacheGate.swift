import Synchronization

/// Lets one task at a time use a connection: a transaction is a conversation, and two at once
/// on one connection would mix their statements. Waiters go in the order they came.
final class PostgresCacheGate: Sendable {
  private struct State {
    var isBusy = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// Waits until no other task is inside, and enters.
  func enter() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let entered = state.withLock { state -> Bool in
        guard state.isBusy else {
          state.isBusy = true
          return true
        }
        state.waiters.append(continuation)
        return false
      }
      if entered { continuation.resume() }
    }
  }

  /// Leaves, letting the next waiter in.
  func leave() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiters.isEmpty else {
        state.isBusy = false
        return nil
      }
      return state.waiters.removeFirst()
    }
    next?.resume()
  }
}
