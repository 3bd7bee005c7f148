/// How a provider waits for a `next_page_token` to become valid.
///
/// Google issues a token before it can be used; a request made too early gets
/// `INVALID_REQUEST`. The provider first waits until ``firstUseDelay`` has passed since the token
/// arrived, then, while the answer is `INVALID_REQUEST`, retries every ``retryDelay`` up to
/// ``maxAttempts`` requests in all. Each early request is billed, so the first wait is generous.
public struct PageTokenPolicy: Sendable, Hashable {
  /// How long after a token arrives before it is first used.
  public var firstUseDelay: Duration
  /// The wait between attempts while the token is still not valid.
  public var retryDelay: Duration
  /// The most requests made with one token.
  public var maxAttempts: Int

  /// Creates a policy.
  public init(firstUseDelay: Duration, retryDelay: Duration, maxAttempts: Int) {
    self.firstUseDelay = firstUseDelay
    self.retryDelay = retryDelay
    self.maxAttempts = max(1, maxAttempts)
  }

  /// Google's observed behaviour: first use after 1.5 s, then every 0.5 s, 6 requests at most.
  public static let standard = PageTokenPolicy(
    firstUseDelay: .milliseconds(1500),
    retryDelay: .milliseconds(500),
    maxAttempts: 6
  )
}
