/// When and how long to wait before sending a request again, as a value.
///
/// A response or failure is retried when its status is in ``retryableStatuses`` or its error
/// kind in ``retryableErrors``, fewer than ``maxAttempts`` attempts were made, and the wait
/// still ends within ``budget`` (measured from the first attempt on the injected clock).
///
/// The wait is `Retry-After` when the response carries one (if ``honorsRetryAfter``; a value
/// beyond ``maxRetryAfter`` or the budget ends the retries), otherwise exponential backoff
/// `min(maxDelay, baseDelay × 2^retry)` with ``Jitter`` drawn from a generator seeded by
/// ``seed``, so a run is repeatable.
public struct RetryPolicy: Sendable, Equatable {
  /// How backoff delays are randomised.
  public enum Jitter: Sendable, Equatable {
    /// Exactly the exponential delay.
    case none
    /// Uniform in `0...delay` ("full jitter").
    case full
    /// Uniform in `baseDelay...(3 × previous delay)`, capped at `maxDelay` ("decorrelated").
    case decorrelated
  }

  /// Attempts in all, the first included (1 means never retry).
  public var maxAttempts: Int
  /// The longest time from the first attempt to the start of the last one.
  public var budget: Duration
  /// The first backoff delay before jitter.
  public var baseDelay: Duration
  /// The longest backoff delay.
  public var maxDelay: Duration
  /// How delays are randomised.
  public var jitter: Jitter
  /// The seed of the jitter generator.
  public var seed: UInt64
  /// Statuses worth another attempt.
  public var retryableStatuses: Set<Int>
  /// Transport failures worth another attempt.
  public var retryableErrors: Set<HTTPError.Kind>
  /// Whether to wait as long as a `Retry-After` header says.
  public var honorsRetryAfter: Bool
  /// The longest `Retry-After` honoured; a longer one ends the retries.
  public var maxRetryAfter: Duration

  /// Creates a policy; the defaults suit a read-only search API.
  ///
  /// - Parameters:
  ///   - maxAttempts: Defaults to 4.
  ///   - budget: Defaults to 30 seconds.
  ///   - baseDelay: Defaults to 200 ms.
  ///   - maxDelay: Defaults to 5 seconds.
  ///   - jitter: Defaults to ``Jitter/full``.
  ///   - seed: Defaults to 1.
  ///   - retryableStatuses: Defaults to ``defaultRetryableStatuses`` (429, 502, 503, 504).
  ///   - retryableErrors: Defaults to ``defaultRetryableErrors``.
  ///   - honorsRetryAfter: Defaults to `true`.
  ///   - maxRetryAfter: Defaults to 60 seconds.
  public init(
    maxAttempts: Int = 4,
    budget: Duration = .seconds(30),
    baseDelay: Duration = .milliseconds(200),
    maxDelay: Duration = .seconds(5),
    jitter: Jitter = .full,
    seed: UInt64 = 1,
    retryableStatuses: Set<Int> = RetryPolicy.defaultRetryableStatuses,
    retryableErrors: Set<HTTPError.Kind> = RetryPolicy.defaultRetryableErrors,
    honorsRetryAfter: Bool = true,
    maxRetryAfter: Duration = .seconds(60)
  ) {
    self.maxAttempts = maxAttempts
    self.budget = budget
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.jitter = jitter
    self.seed = seed
    self.retryableStatuses = retryableStatuses
    self.retryableErrors = retryableErrors
    self.honorsRetryAfter = honorsRetryAfter
    self.maxRetryAfter = maxRetryAfter
  }

  /// 429 Too Many Requests and the gateway errors 502, 503, 504. 500 is left out: it usually
  /// means the request itself breaks the server; add it when a server is known to be flaky.
  public static let defaultRetryableStatuses: Set<Int> = [429, 502, 503, 504]

  /// Failures that say nothing about the request itself: refused or reset connections, empty
  /// replies and timeouts. DNS, TLS, malformed responses, size caps and cancellation are final.
  public static let defaultRetryableErrors: Set<HTTPError.Kind> = [
    .connectFailed, .connectionReset, .emptyReply, .timedOut,
  ]

  /// A policy that never retries.
  public static let never = RetryPolicy(maxAttempts: 1)

  /// Whether an outcome is worth another attempt, attempts and budget aside.
  public func isRetryable(_ outcome: Result<HTTPResponse, HTTPError>) -> Bool {
    switch outcome {
    case .success(let response): return retryableStatuses.contains(response.status)
    case .failure(let error): return retryableErrors.contains(error.kind)
    }
  }

  /// The backoff before retry number `retry` (0 for the first retry), jitter applied.
  ///
  /// - Parameters:
  ///   - retry: How many retries came before this one.
  ///   - previous: The previous delay (for decorrelated jitter), or `nil` on the first retry.
  ///   - random: The generator jitter draws from.
  public func backoff(
    retry: Int,
    previous: Duration?,
    using random: inout some RandomNumberGenerator
  ) -> Duration {
    let cap = maxDelay.seconds
    let base = baseDelay.seconds
    let exponential = min(cap, base * pow2(retry))
    let seconds: Double
    switch jitter {
    case .none:
      seconds = exponential
    case .full:
      seconds = Double.random(in: 0...exponential, using: &random)
    case .decorrelated:
      let upper = max(base, (previous?.seconds ?? base) * 3)
      seconds = min(cap, Double.random(in: base...upper, using: &random))
    }
    return .milliseconds(Int((seconds * 1000).rounded()))
  }

  private func pow2(_ exponent: Int) -> Double {
    exponent >= 62 ? .infinity : Double(1 << max(0, exponent))
  }
}
