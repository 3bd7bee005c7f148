/// Keeps a subscription alive; cancelling it or letting it go ends the subscription.
///
/// The token refers to its store weakly, so keeping a token never keeps a store alive. Keep it
/// in the object that subscribes; when that object goes away, so does the subscription.
/// Cancelling takes constant time, is safe from any thread and from inside a notification, and
/// once ``cancel()`` returns the subscriber is not called again (a call already running on
/// another thread may still finish).
public final class SubscriptionToken: Sendable {
  /// Ends the subscription; it holds the store weakly and does nothing once the store is gone.
  private let unsubscribe: @Sendable () -> Void

  init(unsubscribe: @escaping @Sendable () -> Void) {
    self.unsubscribe = unsubscribe
  }

  /// Ends the subscription. Calling it again does nothing.
  public func cancel() {
    unsubscribe()
  }

  deinit {
    unsubscribe()
  }
}
