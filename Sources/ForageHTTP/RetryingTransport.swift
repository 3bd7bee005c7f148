import ForageSupport
import Foundation

/// Wraps any transport and retries as a ``RetryPolicy`` says, sleeping on a ``RetryClock``.
///
/// The last outcome is returned when retries end: a response (whatever its status) or the last
/// error. Cancellation is never retried; cancelling during a wait throws
/// ``HTTPError/Kind/cancelled``.
public struct RetryingTransport: HTTPTransport {
  /// One decision to retry, for logging; its text is already redacted.
  public struct Retry: Sendable, Equatable {
    /// The attempt that just failed, from 1.
    public var attempt: Int
    /// How long the transport waits before the next attempt.
    public var delay: Duration
    /// Why: the status or error, API keys redacted.
    public var reason: String
  }

  /// The transport requests go through.
  public let base: any HTTPTransport
  /// The policy.
  public let policy: RetryPolicy
  /// The clock waits happen on.
  public let clock: RetryClock
  private let random: Locked<SplitMix64>
  private let onRetry: (@Sendable (Retry) -> Void)?

  /// Creates a retrying wrapper.
  ///
  /// - Parameters:
  ///   - base: The transport to send through.
  ///   - policy: When and how long to wait.
  ///   - clock: The clock to wait on. Defaults to the live clock.
  ///   - onRetry: Called before each wait, for logging.
  public init(
    _ base: any HTTPTransport,
    policy: RetryPolicy,
    clock: RetryClock = .live,
    onRetry: (@Sendable (Retry) -> Void)? = nil
  ) {
    self.base = base
    self.policy = policy
    self.clock = clock
    self.random = Locked(SplitMix64(seed: policy.seed))
    self.onRetry = onRetry
  }

  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    let start = clock.now()
    var previousDelay: Duration?
    var attempt = 0
    while true {
      attempt += 1
      let outcome: Result<HTTPResponse, HTTPError>
      do {
        outcome = .success(try await base.send(request))
      } catch {
        outcome = .failure(error)
      }
      guard attempt < policy.maxAttempts, policy.isRetryable(outcome),
        let delay = delay(after: outcome, retry: attempt - 1, previous: previousDelay),
        clock.now() - start + delay <= policy.budget
      else { return try outcome.get() }
      onRetry?(Retry(attempt: attempt, delay: delay, reason: reason(outcome, request)))
      do {
        try await clock.sleep(delay)
      } catch {
        throw HTTPError(.cancelled, "\(request): cancelled while waiting to retry")
      }
      previousDelay = delay
    }
  }

  /// The wait before the next attempt, or `nil` when a `Retry-After` is too long to honour.
  private func delay(
    after outcome: Result<HTTPResponse, HTTPError>,
    retry: Int,
    previous: Duration?
  ) -> Duration? {
    if policy.honorsRetryAfter, case .success(let response) = outcome,
      let header = response.header("Retry-After"),
      let requested = RetryAfter.delay(header, now: clock.date())
    {
      return requested <= policy.maxRetryAfter ? requested : nil
    }
    return random.withLock { policy.backoff(retry: retry, previous: previous, using: &$0) }
  }

  private func reason(_ outcome: Result<HTTPResponse, HTTPError>, _ request: HTTPRequest) -> String
  {
    switch outcome {
    case .success(let response): return "\(request): HTTP \(response.status)"
    case .failure(let error): return Redaction.redact(error.description)
    }
  }
}
