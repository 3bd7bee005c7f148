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
    let key = id.map { AnyHashable($0) }
    queueLock.lock()
    var superseded: [Task<Void, Never>] = []
    if let key, cancelInFlight {
      superseded = cancelLocked(key)
    }
    let record = EffectRecord(id: key, serial: nextEffectSerial)
    nextEffectSerial += 1
    effects[record.serial] = record
    if let key { effectsByID[key, default: []].append(record) }
    queueLock.unlock()
    for task in superseded { task.cancel() }

    let send = Send<Action>(
      deliver: { [weak self] action in self?.enqueue(action, origin: .effect(record)) },
      cancelled: { [weak self] in self?.isCancelled(record) ?? true }
    )
    let task = Task(priority: priority) { [weak self] in
      await operation(send)
      self?.effectFinished(record)
    }
    queueLock.lock()
    record.task = task
    let isCancelled = record.isCancelled
    queueLock.unlock()
    if isCancelled { task.cancel() }
  }

  /// Cancels every running effect started with `id`; none of them dispatches again.
  ///
  /// - Parameter id: The cancellation id the effects were started with.
  public func cancel(id: some Hashable & Sendable) {
    queueLock.lock()
    let tasks = cancelLocked(AnyHashable(id))
    queueLock.unlock()
    for task in tasks { task.cancel() }
  }

  /// Waits until no action is queued or being processed and no effect is running.
  ///
  /// Cancelled effects count until their task returns, so once this returns no code of the
  /// store's effects is running. Returns at once on an idle store.
  public func idle() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      queueLock.lock()
      if isIdleLocked {
        queueLock.unlock()
        continuation.resume()
      } else {
        idleWaiters.append(continuation)
        queueLock.unlock()
      }
    }
  }

  /// The number of effects that are running and not cancelled.
  package var effectsInFlight: Int {
    queueLock.withLock { effects.values.count { !$0.isCancelled } }
  }

  /// Whether no action is queued or being processed and no effect is running.
  package var isIdle: Bool {
    queueLock.withLock { isIdleLocked }
  }

  /// Cancels every running effect, whatever its id.
  package func cancelAllEffects() {
    queueLock.lock()
    for record in effects.values { record.isCancelled = true }
    queue.forEach { work in
      if case .action(_, .effect(let record)) = work { record.isCancelled = true }
    }
    effectsByID.removeAll()
    let tasks = effects.values.compactMap(\.task)
    queueLock.unlock()
    for task in tasks { task.cancel() }
  }

  /// Whether the store is idle. Needs `queueLock`.
  @inlinable
  var isIdleLocked: Bool {
    !isDraining && effects.isEmpty
  }

  /// Takes the idle waiters if the store is idle. Needs `queueLock`.
  @inlinable
  func takeIdleWaitersIfIdle() -> [CheckedContinuation<Void, Never>] {
    guard isIdleLocked, !idleWaiters.isEmpty else { return [] }
    defer { idleWaiters.removeAll() }
    return idleWaiters
  }

  /// Marks the effects with `key` cancelled, including finished ones whose actions are still
  /// queued, and returns the tasks of the running ones. Needs `queueLock`.
  private func cancelLocked(_ key: AnyHashable) -> [Task<Void, Never>] {
    cancelQueuedActionsLocked(of: key)
    guard let records = effectsByID.removeValue(forKey: key) else { return [] }
    for record in records { record.isCancelled = true }
    return records.compactMap(\.task)
  }

  private func isCancelled(_ record: EffectRecord) -> Bool {
    queueLock.withLock { record.isCancelled }
  }

  private func effectFinished(_ record: EffectRecord) {
    queueLock.lock()
    effects[record.serial] = nil
    if let key = record.id, var records = effectsByID[key] {
      records.removeAll { $0 === record }
      effectsByID[key] = records.isEmpty ? nil : records
    }
    let waiters = takeIdleWaitersIfIdle()
    queueLock.unlock()
    for waiter in waiters { waiter.resume() }
  }
}
