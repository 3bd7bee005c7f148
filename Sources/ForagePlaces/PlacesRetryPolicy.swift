/// How often and how patiently a provider retries a request that failed in a retryable way
/// (``PlacesError/isRetryable``): `OVER_QUERY_LIMIT`, `UNKNOWN_ERROR`, HTTP 429/5xx, resets.
///
/// Backoff is exponential and deterministic (no jitter: these retries are few and per search);
/// a `Retry-After` from the server wins when it is longer, up to ``maximumDelay``.
public struct PlacesRetryPolicy: Sendable, Hashable {
  /// The most attempts in all, the first included; 1 means never retry.
  public var maxAttempts: Int
  /// The wait before the first retry.
  public var initialDelay: Duration
  /// The factor each further wait grows by.
  public var multiplier: Double
  /// The longest single wait, `Retry-After` included.
  public var maximumDelay: Duration

  /// Creates a policy.
  public init(
    maxAttempts: Int,
    initialDelay: Duration = .milliseconds(500),
    multiplier: Double = 2,
    maximumDelay: Duration = .seconds(30)
  ) {
    self.maxAttempts = max(1, maxAttempts)
    self.initialDelay = initialDelay
    self.multiplier = multiplier
    self.maximumDelay = maximumDelay
  }

  /// Three attempts: waits 0.5 s, then 1 s.
  public static let standard = PlacesRetryPolicy(maxAttempts: 3)
  /// One attempt, no retry.
  public static let never = PlacesRetryPolicy(maxAttempts: 1)

  /// The wait after failed attempt number `attempt` (1-based).
  ///
  /// - Parameters:
  ///   - attempt: The attempt that just failed, counting from 1.
  ///   - retryAfter: The server's `Retry-After`, if any.
  /// - Returns: How long to wait before the next attempt.
  public func delay(afterAttempt attempt: Int, retryAfter: Duration?) -> Duration {
    var backoff = initialDelay
    for _ in 1..<max(1, attempt) {
      backoff = backoff * multiplier
      if backoff >= maximumDelay { break }
    }
    return min(max(backoff, retryAfter ?? .zero), maximumDelay)
  }

  /// Runs an operation, retrying retryable failures after waiting on `clock`.
  ///
  /// - Parameters:
  ///   - clock: The clock to wait on.
  ///   - operation: The request to make.
  /// - Returns: The first successful result.
  /// - Throws: The last ``PlacesError`` when attempts run out or the failure is not
  ///   retryable; ``PlacesError/cancelled`` when the task is cancelled while waiting.
  func run<Value>(
    on clock: PlacesClock,
    _ operation: () async throws(PlacesError) -> Value
  ) async throws(PlacesError) -> Value {
    var attempt = 1
    while true {
      do {
        return try await operation()
      } catch {
        guard error.isRetryable, attempt < maxAttempts else { throw error }
        let wait = delay(afterAttempt: attempt, retryAfter: error.retryAfter)
        PlacesRetryObserver.current?(error, attempt, wait)
        try await clock.wait(wait)
        attempt += 1
      }
    }
  }
}

extension PlacesClock {
  /// Sleeps, reporting cancellation as ``PlacesError/cancelled``.
  func wait(_ duration: Duration) async throws(PlacesError) {
    guard duration > .zero else { return }
    do {
      try await sleep(duration)
    } catch {
      throw .cancelled
    }
  }
}
