import Synchronization

/// The store's bookkeeping for one running effect.
final class EffectRecord: Sendable {
  /// The effect's cancellation id, if it has one.
  ///
  /// `AnyHashable` is not `Sendable`, but the store only wraps ids that are `Hashable & Sendable`.
  nonisolated(unsafe) let id: AnyHashable?
  /// A number unique within the store, the key of the effect table.
  let serial: UInt64
  /// The send that caused the effect, if one did.
  let cause: SendRecord?
  /// Set once the effect is cancelled; from then on its actions are dropped.
  private let cancelled = Atomic<Bool>(false)

  init(id: AnyHashable?, serial: UInt64, cause: SendRecord?) {
    self.id = id
    self.serial = serial
    self.cause = cause
  }

  /// Whether the effect has been cancelled.
  ///
  /// The store sets it while holding its queue lock, and checks it under the same lock before
  /// queueing one of the effect's actions, so no action is queued after a cancellation.
  var isCancelled: Bool {
    cancelled.load(ordering: .acquiring)
  }

  /// Marks the effect cancelled.
  func cancel() {
    cancelled.store(true, ordering: .releasing)
  }
}
