extension Store {
  /// Starts async work that the store tracks until it returns: an effect, or a thunk.
  ///
  /// The work dispatches actions through the ``Send`` it is given. It can be cancelled by `id`
  /// (``cancel(id:)``), by starting another effect with the same `id` while `cancelInFlight` is
  /// `true` (latest wins), or by deallocating the store. A cancelled effect never dispatches
  /// again: its later sends are ignored and the actions it queued that were not yet processed are
  /// dropped. Its task is cancelled too, so `Task.sleep` and other cancellable waits end early.
  ///
  /// ```swift
  /// store.run(id: "search") { send in
  ///   let results = await api.search(query)
  ///   send(.searchCompleted(results))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - id: A cancellation id, or `nil` for an effect that can only be cancelled with the store.
  ///   - cancelInFlight: Whether starting this effect cancels the running ones with the same id.
  ///   - priority: The priority of the task that runs the work.
  ///   - operation: The work.
  public func run(
    id: (any Hashable & Sendable)? = nil,
    cancelInFlight: Bool = true,
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async -> Void
  ) {
    startEffect(
      id: id,
      cancelInFlight: cancelInFlight,
      priority: priority,
      cause: nil,
      operation: operation
    )
  }

  /// Starts an effect on behalf of `cause`, if a send caused it; see
  /// ``run(id:cancelInFlight:priority:operation:)``.
  func startEffect(
    id: (any Hashable & Sendable)?,
    cancelInFlight: Bool,
    priority: TaskPriority?,
    cause: SendRecord?,
    operation: @escaping @Sendable (_ send: Send<Action>) async -> Void
  ) {
    let started = queue.withLock { queue -> (EffectRecord, [Task<Void, Never>])? in
      // A cancelled send causes nothing more.
      if let cause, cause.isCancelled { return nil }
      let key = id.map { AnyHashable($0) }
      var superseded: [Task<Void, Never>] = []
      if let key, cancelInFlight { superseded = queue.cancel(key) }
      let record = EffectRecord(id: key, serial: queue.nextEffectSerial, cause: cause)
      queue.nextEffectSerial += 1
      queue.effects[record.serial] = record
      if let key { queue.effectsByID[key, default: []].append(record) }
      if let cause {
        cause.pending += 1
        cause.effects[record.serial] = record
      }
      return (record, superseded)
    }
    guard let (record, superseded) = started else { return }
    for task in superseded { task.cancel() }

    let send = Send<Action>(
      deliver: { [weak self] action in self?.enqueue(action, origin: .effect(record)) },
      cancelled: { [weak self] in self == nil || record.isCancelled }
    )
    let task = Task(priority: priority) { [weak self] in
      await operation(send)
      self?.effectFinished(record)
    }
    let isRunning = queue.withLock { queue in
      // The task may already have finished: then it has left the table, and stays out of it.
      guard queue.effects[record.serial] != nil else { return false }
      queue.tasks[record.serial] = task
      return !record.isCancelled
    }
    if !isRunning { task.cancel() }
  }

  /// Cancels every running effect started with `id`; none of them dispatches again.
  ///
  /// - Parameter id: The cancellation id the effects were started with.
  public func cancel(id: some Hashable & Sendable) {
    let tasks = queue.withLock { $0.cancel(AnyHashable(id)) }
    for task in tasks { task.cancel() }
  }

  /// Waits until no action is queued or being processed and no effect is running.
  ///
  /// Cancelled effects count until their task returns, so once this returns no code of the
  /// store's effects is running. Returns at once on an idle store.
  public func idle() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isIdle = queue.withLock { queue in
        if queue.isIdle { return true }
        queue.idleWaiters.append(continuation)
        return false
      }
      if isIdle { continuation.resume() }
    }
  }

  /// The number of effects that are running and not cancelled.
  package var effectsInFlight: Int {
    queue.withLock { $0.effects.values.count { !$0.isCancelled } }
  }

  /// Whether no action is queued or being processed and no effect is running.
  package var isIdle: Bool {
    queue.withLock { $0.isIdle }
  }

  /// Cancels every running effect, whatever its id.
  package func cancelAllEffects() {
    let tasks = queue.withLock { $0.cancelAll() }
    for task in tasks { task.cancel() }
  }

  private func effectFinished(_ record: EffectRecord) {
    let waiters = queue.withLock { queue in
      queue.effects[record.serial] = nil
      queue.tasks[record.serial] = nil
      if let key = record.id, var records = queue.effectsByID[key] {
        records.removeAll { $0 === record }
        queue.effectsByID[key] = records.isEmpty ? nil : records
      }
      var waiters = queue.takeIdleWaitersIfIdle()
      if let cause = record.cause {
        cause.effects[record.serial] = nil
        if let waiter = cause.settle() { waiters.append(waiter) }
      }
      return waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
