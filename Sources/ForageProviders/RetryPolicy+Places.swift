import ForageHTTP
import ForageSupport

extension RetryPolicy {
  /// How the providers retry a search by default: three attempts, waiting 0.5 s and then 1 s.
  ///
  /// Backoff is deterministic (no jitter: these retries are few and per search, and a replay
  /// must repeat exactly) and has no overall budget; a longer `Retry-After` wins, cut to 30 s.
  public static let placesSearch = RetryPolicy(
    maxAttempts: 3,
    budget: nil,
    baseDelay: .milliseconds(500),
    multiplier: 2,
    maxDelay: .seconds(30),
    jitter: .none,
    maxRetryAfter: .seconds(30),
    longRetryAfter: .waitTheMaximum
  )

  /// Runs one places request, retrying what ``PlacesError/isRetryable`` says may succeed later
  /// (`OVER_QUERY_LIMIT` and `UNKNOWN_ERROR` in HTTP 200 bodies too) and telling `observer` of
  /// every retried attempt before its wait.
  ///
  /// The one judge of a places failure: a provider's attempts and the engine's rounds of them
  /// are both made by it.
  ///
  /// - Parameters:
  ///   - clock: The clock to wait on.
  ///   - observer: Told of each failed attempt before its wait (a provider passes the task's
  ///     ``PlacesRetryObserver``).
  ///   - operation: The request to make.
  /// - Returns: The first successful result.
  /// - Throws: The last ``PlacesError`` when attempts run out or the failure is not
  ///   retryable; ``PlacesError/cancelled`` when the task is cancelled while waiting.
  public func search<Value>(
    on clock: any Clock<Duration>,
    observer: PlacesRetryObserver.Handler?,
    _ operation: () async throws(PlacesError) -> Value
  ) async throws(PlacesError) -> Value {
    try await run(
      on: clock,
      judge: { outcome in
        guard case .failure(let error) = outcome, error.isRetryable else { return .final }
        return .retryable(serverWait: error.retryAfter)
      },
      willRetry: { outcome, attempt, wait in
        if case .failure(let error) = outcome { observer?(error, attempt, wait) }
      },
      cancelled: { .cancelled },
      operation
    )
  }

  /// Runs one places request as ``search(on:observer:_:)`` does, telling the task's
  /// ``PlacesRetryObserver``: how a provider makes its attempts.
  func search<Value>(
    on clock: any Clock<Duration>,
    _ operation: () async throws(PlacesError) -> Value
  ) async throws(PlacesError) -> Value {
    try await search(on: clock, observer: PlacesRetryObserver.current, operation)
  }
}
