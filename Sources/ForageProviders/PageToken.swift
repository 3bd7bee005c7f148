/// The handle for the next page of a search, and when it arrived.
///
/// Google's tokens become valid only a short while after they are issued, so the provider
/// remembers when it received one and waits out the rest of that delay before using it.
public struct PageToken: Sendable, Hashable {
  /// The opaque token the API returned.
  public var value: String
  /// When the token was received: the time elapsed on the provider's clock since the provider
  /// was made.
  public var receivedAt: Duration

  /// Creates a token.
  public init(value: String, receivedAt: Duration) {
    self.value = value
    self.receivedAt = receivedAt
  }
}
