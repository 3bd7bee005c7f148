import Synchronization

/// One action the store finished processing, and the state it left.
struct Step<Action: Sendable, State: Sendable>: Sendable {
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
final class StepLog<Action: Sendable, State: Sendable>: Sendable {
  /// What the mutex guards.
  private struct Contents {
    var pending: [Step<Action, State>] = []
    var generation = 0
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let contents = Mutex(Contents())

  /// Records a processed action and wakes the waiter.
  func append(_ step: Step<Action, State>) {
    let waiter = contents.withLock { contents in
      contents.pending.append(step)
      contents.generation += 1
      defer { contents.waiter = nil }
      return contents.waiter
    }
    waiter?.resume()
  }

  /// Wakes the waiter without recording anything (the store went idle, or time ran out).
  func poke() {
    let waiter = contents.withLock { contents in
      contents.generation += 1
      defer { contents.waiter = nil }
      return contents.waiter
    }
    waiter?.resume()
  }

  /// Removes and returns the first step matching `predicate`, with the log's generation.
  func take(where predicate: (Step<Action, State>) -> Bool) -> (Step<Action, State>?, Int) {
    contents.withLock { contents in
      guard let index = contents.pending.firstIndex(where: predicate) else {
        return (nil, contents.generation)
      }
      return (contents.pending.remove(at: index), contents.generation)
    }
  }

  /// Removes and returns every pending step the test store did not send.
  func takeAllReceived() -> [Step<Action, State>] {
    contents.withLock { contents in
      let received = contents.pending.filter { !$0.isSent }
      contents.pending.removeAll { !$0.isSent }
      return received
    }
  }

  /// Waits until the log changes after `generation`; returns at once if it already has.
  func wait(after generation: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      // Either this continuation (the log has changed already) or the waiter it replaces.
      let toResume = contents.withLock { contents in
        if contents.generation != generation { return Optional(continuation) }
        defer { contents.waiter = continuation }
        return contents.waiter
      }
      toResume?.resume()
    }
  }
}
