/// The store's bookkeeping for one running effect.
///
/// `isCancelled` and `task` are guarded by the store's queue lock.
@usableFromInline
final class EffectRecord: @unchecked Sendable {
  /// The effect's cancellation id, if it has one.
  @usableFromInline let id: AnyHashable?
  /// A number unique within the store, the key of the effect table.
  let serial: UInt64
  /// Set once the effect is cancelled; from then on its actions are dropped.
  @usableFromInline var isCancelled = false
  /// The task running the effect, once it has been created.
  var task: Task<Void, Never>?

  init(id: AnyHashable?, serial: UInt64) {
    self.id = id
    self.serial = serial
  }
}
