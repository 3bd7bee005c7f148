/// One action the store finished processing, and the state it left.
struct Step<Action, State> {
  /// The action as it entered the middleware chain.
  var action: Action
  /// Whether the test store sent it (otherwise middleware or an effect dispatched it).
  var isSent: Bool
  /// The state after the action went through the middleware and the reducer.
  var state: State
}

/// The actions a test store's store has processed and the test has not asserted yet.
///
/// Filled on the store's processing thread, read by the test; a single waiter (the test) can
/// sleep until something changes.
final class StepLog<Action: Sendable, State: Sendable>: @unchecked Sendable {
  private let lock = Lock()
  private var pending: [Step<Action, State>] = []
  private var generation = 0
  private var waiter: CheckedContinuation<Void, Never>?

  /// Records a processed action and wakes the waiter.
  func append(_ step: Step<Action, State>) {
    lock.lock()
    pending.append(step)
    generation += 1
    let waiter = self.waiter
    self.waiter = nil
    lock.unlock()
    waiter?.resume()
  }

  /// Wakes the waiter without recording anything (the store went idle, or time ran out).
  func poke() {
    lock.lock()
    generation += 1
    let waiter = self.waiter
    self.waiter = nil
    lock.unlock()
    waiter?.resume()
  }

  /// Removes and returns the first step matching `predicate`, with the log's generation.
  func take(where predicate: (Step<Action, State>) -> Bool) -> (Step<Action, State>?, Int) {
    lock.withLock {
      guard let index = pending.firstIndex(where: predicate) else { return (nil, generation) }
      return (pending.remove(at: index), generation)
    }
  }

  /// Removes and returns every pending step the test store did not send.
  func takeAllReceived() -> [Step<Action, State>] {
    lock.withLock {
      let received = pending.filter { !$0.isSent }
      pending.removeAll { !$0.isSent }
      return received
    }
  }

  /// Waits until the log changes after `generation`; returns at once if it already has.
  func wait(after generation: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.lock()
      if self.generation != generation {
        lock.unlock()
        continuation.resume()
      } else {
        let previous = waiter
        waiter = continuation
        lock.unlock()
        previous?.resume()
      }
    }
  }
}
