/// The store's bookkeeping for one ``Store/send(_:)``: what the sent action caused, and the
/// caller waiting for it to finish.
///
/// An action is caused by a send when it is the sent action, when middleware dispatched it
/// while processing a caused action, or when a caused effect sent it; an effect is caused when
/// middleware started it while processing a caused action. The send is over when no caused
/// action is queued or being processed and no caused effect is running.
///
/// Every property is read and written with the store's queue lock held.
final class SendRecord: @unchecked Sendable {
  /// The caused actions queued or being processed, and the caused effects running.
  var pending = 1
  /// Set when the caller's task is cancelled: caused effects are cancelled, caused actions
  /// still queued are dropped, and nothing new is caused.
  var isCancelled = false
  /// The caused effects that are running, by serial.
  var effects: [UInt64: EffectRecord] = [:]
  /// The caller of ``Store/send(_:)``, resumed once ``pending`` reaches zero.
  var waiter: CheckedContinuation<Void, Never>?

  /// Counts one caused action or effect as finished; returns the waiter to resume when that
  /// was the last one.
  func settle() -> CheckedContinuation<Void, Never>? {
    pending -= 1
    guard pending == 0, let waiter else { return nil }
    self.waiter = nil
    return waiter
  }
}
