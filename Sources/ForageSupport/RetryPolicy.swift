import Foundation

/// When and how long to wait before trying a request again, as a value: the one retry policy of
/// every layer that talks to a server.
///
/// The caller says what a failed attempt means (``Verdict``): final, or worth another attempt,
/// perhaps after a wait the server asked for (`Retry-After`). The HTTP layer judges statuses and
/// transport failures (ForageHTTP's `HTTPRetryRule`); the places layer judges its own errors,
/// including those that come in HTTP 200 bodies; the gpsd client judges connection failures.
///
/// An attempt is retried when fewer than ``maxAttempts`` were made and the wait still ends
/// within ``budget`` (measured from the first attempt on the injected clock). The wait is the
/// exponential backoff `min(maxDelay, baseDelay × multiplier^retry)` with ``Jitter`` drawn from a
/// generator seeded by ``seed`` (so a run is repeatable), or the server's wait when that is
/// longer and ``honorsRetryAfter``. A server wait beyond ``maxRetryAfter`` ends the retries or
/// is cut to it, as ``longRetryAfter`` says.
public struct RetryPolicy: Sendable, Hashable {
  /// How backoff delays are randomised.
  public enum Jitter: Sendable, Hashable {
    /// Exactly the exponential delay: deterministic.
    case none
    /// Uniform in `0...delay` ("full jitter").
    case full
    /// Uniform in `baseDelay...(3 × previous delay)`, capped at `maxDelay` ("decorrelated").
    case decorrelated
  }

  /// What a failed attempt means, as the caller judges it.
  public enum Verdict: Sendable, Hashable {
    /// Trying again cannot help.
    case final
    /// Trying again may succeed; `serverWait` is how long the server asked to wait, if it said.
    case retryable(serverWait: Duration?)
  }

  /// What to do when a server asks for a longer wait than ``maxRetryAfter``.
  public enum LongRetryAfter: Sendable, Hashable {
    /// Stop retrying: the server will not be ready soon enough.
    case giveUp
    /// Wait ``maxRetryAfter`` and try again.
    case waitTheMaximum
  }

  /// Attempts in all, the first included (1 means never retry; never less than 1).
  public var maxAttempts: Int {
    didSet { maxAttempts = max(1, maxAttempts) }
  }
  /// The longest time from the first attempt to the start of the last one; `nil` for no limit.
  public var budget: Duration?
  /// The first backoff delay before jitter.
  public var baseDelay: Duration
  /// The factor each further backoff delay grows by.
  public var multiplier: Double
  /// The longest backoff delay.
  public var maxDelay: Duration
  /// How delays are randomised.
  public var jitter: Jitter
  /// The seed of the jitter generator.
  public var seed: UInt64
  /// Whether to wait at least as long as the server asks (`Retry-After`).
  public var honorsRetryAfter: Bool
  /// The longest server wait honoured as asked.
  public var maxRetryAfter: Duration
  /// What a longer server wait does.
  public var longRetryAfter: LongRetryAfter

  /// Creates a policy; the defaults suit a read-only search API over plain HTTP.
  ///
  /// - Parameters:
  ///   - maxAttempts: Defaults to 4.
  ///   - budget: Defaults to 30 seconds.
  ///   - baseDelay: Defaults to 200 ms.
  ///   - multiplier: Defaults to 2.
  ///   - maxDelay: Defaults to 5 seconds.
  ///   - jitter: Defaults to ``Jitter/full``.
  ///   - seed: Defaults to 1.
  ///   - honorsRetryAfter: Defaults to `true`.
  ///   - maxRetryAfter: Defaults to 60 seconds.
  ///   - longRetryAfter: Defaults to ``LongRetryAfter/giveUp``.
  public init(
    maxAttempts: Int = 4,
    budget: Duration? = .seconds(30),
    baseDelay: Duration = .milliseconds(200),
    multiplier: Double = 2,
    maxDelay: Duration = .seconds(5),
    jitter: Jitter = .full,
    seed: UInt64 = 1,
    honorsRetryAfter: Bool = true,
    maxRetryAfter: Duration = .seconds(60),
    longRetryAfter: LongRetryAfter = .giveUp
  ) {
    self.maxAttempts = max(1, maxAttempts)
    self.budget = budget
    self.baseDelay = baseDelay
    self.multiplier = multiplier
    self.maxDelay = maxDelay
    self.jitter = jitter
    self.seed = seed
    self.honorsRetryAfter = honorsRetryAfter
    self.maxRetryAfter = maxRetryAfter
    self.longRetryAfter = longRetryAfter
  }

  /// A policy that never retries.
  public static let never = RetryPolicy(maxAttempts: 1)

  /// This policy with a seed of its own: ``seed`` plus a random draw, so that the clients that
  /// met one failure (processes, caches, notifiers sharing a server) do not back off in step.
  /// With one seed, every process that lost a server waited the same delays.
  public func withOwnSeed() -> RetryPolicy {
    var policy = self
    policy.seed = seed &+ UInt64.random(in: .min ... .max)
    return policy
  }

  /// The wait before retry number `retry` (0 for the first retry), attempts and budget aside.
  ///
  /// - Parameters:
  ///   - retry: How many retries came before this one.
  ///   - serverWait: How long the server asked to wait, if it said.
  ///   - previous: The previous wait (for decorrelated jitter), or `nil` on the first retry.
  ///   - random: The generator jitter draws from.
  /// - Returns: The wait, or `nil` when the server asks for longer than ``maxRetryAfter`` and
  ///   ``longRetryAfter`` is ``LongRetryAfter/giveUp``.
  public func delay(
    beforeRetry retry: Int,
    serverWait: Duration?,
    previous: Duration?,
    using random: inout some RandomNumberGenerator
  ) -> Duration? {
    let wait = backoff(retry: retry, previous: previous, using: &random)
    guard honorsRetryAfter, var asked = serverWait else { return wait }
    if asked > maxRetryAfter {
      guard longRetryAfter == .waitTheMaximum else { return nil }
      asked = maxRetryAfter
    }
    return max(wait, asked)
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
    let growth = pow(multiplier, Double(max(0, retry)))
    let exponential = max(0, min(cap, base * growth))
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
    return .milliseconds(Int64((seconds * 1000).rounded()))
  }
}
