/// How a provider waits for a `next_page_token` to become valid.
///
/// Google issues a token before it can be used; a request made too early gets
/// `INVALID_REQUEST`. The provider first waits until ``firstUseDelay`` has passed since the token
/// arrived, then, while the answer is `INVALID_REQUEST`, retries every ``retryDelay`` up to
/// ``maxAttempts`` requests in all. Each early request is billed, so the first wait is generous.
///
/// A token also stops being valid some time after it arrives (Google does not say when): one
/// older than ``lifetime`` is not used, and one refused after its first uses could have been
/// early is taken as expired and not asked again.
public struct PageTokenPolicy: Sendable, Hashable {
  /// How long after a token arrives before it is first used.
  public var firstUseDelay: Duration
  /// The wait between attempts while the token is still not valid.
  public var retryDelay: Duration
  /// The most requests made with one token.
  public var maxAttempts: Int
  /// How long after it arrives a token is still used.
  public var lifetime: Duration

  /// Creates a policy.
  public init(
    firstUseDelay: Duration,
    retryDelay: Duration,
    maxAttempts: Int,
    lifetime: Duration = Self.standardLifetime
  ) {
    self.firstUseDelay = firstUseDelay
    self.retryDelay = retryDelay
    self.maxAttempts = max(1, maxAttempts)
    self.lifetime = lifetime
  }

  /// How long a token is used by default: a minute. Google documents no lifetime; tokens are
  /// known to last minutes, and a walker needs the next page within a minute or not at all.
  public static let standardLifetime = Duration.seconds(60)

  /// Whether a token of this age, refused as `INVALID_REQUEST`, may only be early: it is younger
  /// than the first use and every retry together.
  ///
  /// - Parameter age: The time since the token arrived, when it was first used.
  public func mayBeEarly(atAge age: Duration) -> Bool {
    age <= firstUseDelay + retryDelay * (maxAttempts - 1)
  }

  /// Google's observed behaviour: first use after 1.5 s, then every 0.5 s, 6 requests at most.
  public static let standard = PageTokenPolicy(
    firstUseDelay: .milliseconds(1500),
    retryDelay: .milliseconds(500),
    maxAttempts: 6
  )
}
