/// What the store's queue lock guards: the work waiting to be processed, the running effects,
/// and the callers waiting for the store.
///
/// It knows nothing of the store's state and action types: queued work is a closure, so the
/// queue's code is the same for every store.
struct StoreQueue {
  /// One unit of queued work: an action to process, or a subscription to add or remove.
  struct Work: Sendable {
    /// Where the action came from; `nil` for subscription work.
    let origin: ActionOrigin?
    /// Does the work on the thread processing the queue.
    let perform: @Sendable () -> Void
  }

  /// The work waiting to be processed, in FIFO order.
  var work = WorkQueue<Work>()
  /// Whether a thread is processing the queue.
  var isDraining = false
  /// The next subscription's position in subscription order.
  var nextSequence: UInt64 = 0
  /// The running effects, by serial.
  var effects: [UInt64: EffectRecord] = [:]
  /// The tasks of the running effects, by serial, once they have been created.
  var tasks: [UInt64: Task<Void, Never>] = [:]
  /// The running effects with a cancellation id, by id.
  var effectsByID: [AnyHashable: [EffectRecord]] = [:]
  /// The next effect's serial.
  var nextEffectSerial: UInt64 = 0
  /// The callers of ``Store/idle()`` waiting for the store to go idle.
  var idleWaiters: [CheckedContinuation<Void, Never>] = []

  /// Whether no action is queued or being processed and no effect is running.
  var isIdle: Bool {
    !isDraining && effects.isEmpty
  }

  /// Takes the idle waiters if the store is idle.
  mutating func takeIdleWaitersIfIdle() -> [CheckedContinuation<Void, Never>] {
    guard isIdle, !idleWaiters.isEmpty else { return [] }
    defer { idleWaiters.removeAll() }
    return idleWaiters
  }

  /// Whether an action from `origin` is dropped rather than processed: its effect or the send
  /// that caused it has been cancelled.
  func drops(_ origin: ActionOrigin) -> Bool {
    if let effect = origin.effect, effect.isCancelled { return true }
    return origin.cause?.isCancelled ?? false
  }

  /// Queues `work` if a thread is processing the queue; otherwise marks the queue as being
  /// processed and returns `true`: the caller does the work itself, then drains the queue.
  mutating func queueOrTake(_ work: @autoclosure () -> Work) -> Bool {
    if isDraining {
      self.work.append(work())
      return false
    }
    isDraining = true
    return true
  }

  /// Pops the next work item, dropping actions that ``drops(_:)`` says are dropped; the waiters
  /// of the sends those actions finish are appended to `waiters`. With nothing left, marks the
  /// queue idle and appends the idle waiters if the store is idle.
  mutating func next(settling waiters: inout [CheckedContinuation<Void, Never>]) -> Work? {
    while let next = work.popFirst() {
      if let origin = next.origin, drops(origin) {
        if let waiter = origin.cause?.settle() { waiters.append(waiter) }
        continue
      }
      return next
    }
    isDraining = false
    waiters += takeIdleWaitersIfIdle()
    return nil
  }

  /// Marks the effects with `key` cancelled, including finished ones whose actions are still
  /// queued, and returns the tasks of the running ones.
  mutating func cancel(_ key: AnyHashable) -> [Task<Void, Never>] {
    work.forEach { work in
      if let record = work.origin?.effect, record.id == key { record.cancel() }
    }
    guard let records = effectsByID.removeValue(forKey: key) else { return [] }
    for record in records { record.cancel() }
    return records.compactMap { tasks[$0.serial] }
  }

  /// Marks every effect cancelled, including finished ones whose actions are still queued, and
  /// returns the tasks of the running ones.
  mutating func cancelAll() -> [Task<Void, Never>] {
    for record in effects.values { record.cancel() }
    work.forEach { work in work.origin?.effect?.cancel() }
    effectsByID.removeAll()
    return Array(tasks.values)
  }
}
