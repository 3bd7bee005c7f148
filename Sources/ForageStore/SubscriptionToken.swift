/// Keeps a subscription alive; cancelling it or letting it go ends the subscription.
///
/// The token refers to its store weakly, so keeping a token never keeps a store alive. Keep it
/// in the object that subscribes; when that object goes away, so does the subscription.
/// Cancelling takes constant time, is safe from any thread and from inside a notification, and
/// once ``cancel()`` returns the subscriber is not called again (a call already running on
/// another thread may still finish).
public final class SubscriptionToken: Sendable {
  private let subscriber: SubscriberBox
  private weak let store: (any SubscriptionStore)?

  @usableFromInline
  init(subscriber: SubscriberBox, store: any SubscriptionStore) {
    self.subscriber = subscriber
    self.store = store
  }

  /// Ends the subscription. Calling it again does nothing.
  public func cancel() {
    store?.unsubscribe(subscriber)
  }

  deinit {
    store?.unsubscribe(subscriber)
  }
}

/// A store as a token sees it: something to unsubscribe from.
@usableFromInline
protocol SubscriptionStore: AnyObject, Sendable {
  /// Ends a subscription; see ``SubscriptionToken/cancel()``.
  func unsubscribe(_ subscriber: SubscriberBox)
}
