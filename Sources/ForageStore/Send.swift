/// Dispatches actions from a running effect, unless the effect has been cancelled.
///
/// An effect receives a `Send` when it starts. Once the effect is cancelled (by id, by a newer
/// effect with the same id, or because the store was deallocated), calling it does nothing, and
/// actions it queued that have not been processed yet are dropped.
public struct Send<Action: Sendable>: Sendable {
  let deliver: @Sendable (Action) -> Void
  let cancelled: @Sendable () -> Bool

  /// Dispatches `action` to the store, unless the effect has been cancelled.
  ///
  /// - Parameter action: The action to dispatch.
  public func callAsFunction(_ action: Action) {
    deliver(action)
  }

  /// Whether the effect has been cancelled, so that nothing it sends reaches the store.
  public var isCancelled: Bool {
    cancelled()
  }
}
