import Synchronization

/// The store's bookkeeping for one running effect.
@usableFromInline
final class EffectRecord: Sendable {
  /// The effect's cancellation id, if it has one.
  ///
  /// `AnyHashable` is not `Sendable`, but the store only wraps ids that are `Hashable & Sendable`.
  @usableFromInline nonisolated(unsafe) let id: AnyHashable?
  /// A number unique within the store, the key of the effect table.
  let serial: UInt64
  /// Set once the effect is cancelled; from then on its actions are dropped.
  let cancelled = Atomic<Bool>(false)

  init(id: AnyHashable?, serial: UInt64) {
    self.id = id
    self.serial = serial
  }

  /// Whether the effect has been cancelled.
  ///
  /// The store sets it while holding its queue mutex, and checks it under the same mutex before
  /// queueing one of the effect's actions, so no action is queued after a cancellation.
  @usableFromInline
  var isCancelled: Bool {
    cancelled.load(ordering: .acquiring)
  }

  /// Marks the effect cancelled.
  func cancel() {
    cancelled.store(true, ordering: .releasing)
  }
}
