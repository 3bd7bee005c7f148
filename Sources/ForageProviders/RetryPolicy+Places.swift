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
  /// (`OVER_QUERY_LIMIT` and `UNKNOWN_ERROR` in HTTP 200 bodies too) and telling the task's
  /// ``PlacesRetryObserver`` of every retried attempt before its wait.
  ///
  /// - Parameters:
  ///   - clock: The clock to wait on.
  ///   - operation: The request to make.
  /// - Returns: The first successful result.
  /// - Throws: The last ``PlacesError`` when attempts run out or the failure is not
  ///   retryable; ``PlacesError/cancelled`` when the task is cancelled while waiting.
  func search<Value>(
    on clock: any Clock<Duration>,
    _ operation: () async throws(PlacesError) -> Value
  ) async throws(PlacesError) -> Value {
    let observer = PlacesRetryObserver.current
    return try await run(
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
}
