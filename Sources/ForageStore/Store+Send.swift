extension Store {
  /// Dispatches an action and waits until it, and everything it caused, has finished.
  ///
  /// What an action causes: the actions middleware dispatches while processing it, the effects
  /// middleware starts for it (``MiddlewareContext/run(id:cancelInFlight:priority:operation:)``),
  /// the actions those effects send, and in turn what those actions cause. Actions dispatched
  /// with ``dispatch(_:)`` and effects started with ``run(id:cancelInFlight:priority:operation:)``
  /// belong to no send. The action is queued like any dispatch; this returns once no action it
  /// caused is queued or being processed and no effect it caused is running.
  ///
  /// The calling task is the handle: cancelling it cancels the effects the action caused and
  /// drops the actions it caused that are still queued; `send` then returns as soon as those
  /// effects' tasks have returned.
  ///
  /// ```swift
  /// await store.send(.searchRequested("ramen"))   // the search effect has delivered its results
  /// print(store.state.places)
  ///
  /// let search = Task { await store.send(.searchRequested("pho")) }
  /// search.cancel()                                // cancels that search's effects
  /// ```
  ///
  /// - Parameter action: The action to process.
  public func send(_ action: Action) async {
    let record = SendRecord()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        queue.withLock { _ in record.waiter = continuation }
        enqueue(action, origin: .sent(record))
      }
    } onCancel: {
      cancel(record)
    }
  }

  /// Cancels what `record`'s send caused: its running effects, and its queued actions (dropped
  /// when they come up).
  private func cancel(_ record: SendRecord) {
    let tasks = queue.withLock { queue in
      record.isCancelled = true
      for effect in record.effects.values { effect.cancel() }
      return record.effects.keys.compactMap { queue.tasks[$0] }
    }
    for task in tasks { task.cancel() }
  }
}
