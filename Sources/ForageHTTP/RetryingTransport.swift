import ForageSupport
import Foundation
import Synchronization

/// Wraps any transport and retries what an ``HTTPRetryRule`` calls retryable as a
/// `RetryPolicy` says, waiting on an injected clock.
///
/// The last outcome is returned when retries end: a response (whatever its status) or the last
/// error. Cancellation is never retried; cancelling during a wait throws
/// ``HTTPError/Kind/cancelled``. Each request draws its own jitter seed from a generator seeded
/// by the policy, so concurrent requests back off differently and a run still repeats exactly.
public final class RetryingTransport: HTTPTransport {
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
  /// Which outcomes are retried.
  public let rule: HTTPRetryRule
  /// The clock waits happen on.
  public let clock: any Clock<Duration>
  private let date: @Sendable () -> Date
  private let seeds: Mutex<SplitMix64>
  private let onRetry: (@Sendable (Retry) -> Void)?

  /// Creates a retrying wrapper.
  ///
  /// - Parameters:
  ///   - base: The transport to send through.
  ///   - policy: When and how long to wait.
  ///   - rule: Which outcomes are retried. Defaults to ``HTTPRetryRule/standard``.
  ///   - clock: The clock to wait on. Defaults to the continuous clock.
  ///   - date: The current wall-clock date, to read `Retry-After` dates. Defaults to the
  ///     system's.
  ///   - onRetry: Called before each wait, for logging.
  public init(
    _ base: any HTTPTransport,
    policy: RetryPolicy,
    rule: HTTPRetryRule = .standard,
    clock: any Clock<Duration> = ContinuousClock(),
    date: @escaping @Sendable () -> Date = { Date() },
    onRetry: (@Sendable (Retry) -> Void)? = nil
  ) {
    self.base = base
    self.policy = policy
    self.rule = rule
    self.clock = clock
    self.date = date
    self.seeds = Mutex(SplitMix64(seed: policy.seed))
    self.onRetry = onRetry
  }

  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    try await policy.run(
      on: clock,
      seed: seeds.withLock { $0.next() },
      judge: { rule.verdict(for: $0, now: date()) },
      willRetry: { outcome, attempt, wait in
        onRetry?(Retry(attempt: attempt, delay: wait, reason: reason(outcome, request)))
      },
      cancelled: { HTTPError(.cancelled, "\(request): cancelled while waiting to retry") }
    ) { () async throws(HTTPError) -> HTTPResponse in
      try await base.send(request)
    }
  }

  private func reason(_ outcome: Result<HTTPResponse, HTTPError>, _ request: HTTPRequest) -> String
  {
    switch outcome {
    case .success(let response): return "\(request): HTTP \(response.status)"
    case .failure(let error): return Redaction.redact(error.description)
    }
  }
}
