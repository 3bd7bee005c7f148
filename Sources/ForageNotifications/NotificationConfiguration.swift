import ForageFinder
import ForageHTTP
import ForageSupport
import Foundation

/// Where and how the notification middleware POSTs the places that enter the answer.
public struct NotificationConfiguration: Sendable {
  /// The receiver, an `http://` or `https://` URL; each notification is one `POST` of JSON.
  public var url: URL
  /// How many notifications may wait to be sent; more are dropped (and counted), so a slow
  /// receiver never slows the replay.
  public var capacity: Int
  /// How often failures are retried and how long to wait (which failures: ``retryRule``).
  public var retryPolicy: RetryPolicy
  /// The clock retries wait on.
  public var retryClock: any Clock<Duration>
  /// The longest one attempt may take, connection included.
  public var requestTimeout: Duration
  /// How long the end of the run waits for the queue to empty before dropping what is left.
  public var flushTimeout: Duration
  /// The clock the flush waits on.
  public var flushClock: any Clock<Duration>
  /// What sends the requests, or `nil` for a libcurl ``ForageHTTP/HTTPClient`` of the
  /// middleware's own, apart from the places provider's.
  public var transport: (any HTTPTransport)?
  /// Told, for each notification its receiver did not accept after the retries, why: the last
  /// answer's status (`HTTP 400`) or the last error, credentials redacted; `nil` tells nothing.
  public var onRefused: (@Sendable (String) -> Void)? = nil

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - url: The receiver.
  ///   - capacity: The queue's size. Defaults to 256.
  ///   - retryPolicy: Defaults to ``defaultRetryPolicy``.
  ///   - retryClock: Defaults to the continuous clock (a `VirtualClock` in tests).
  ///   - requestTimeout: Defaults to 5 seconds.
  ///   - flushTimeout: Defaults to 10 seconds.
  ///   - flushClock: Defaults to the continuous clock.
  ///   - transport: Defaults to a client of its own.
  public init(
    url: URL,
    capacity: Int = 256,
    retryPolicy: RetryPolicy = NotificationConfiguration.defaultRetryPolicy,
    retryClock: any Clock<Duration> = ContinuousClock(),
    requestTimeout: Duration = .seconds(5),
    flushTimeout: Duration = .seconds(10),
    flushClock: any Clock<Duration> = ContinuousClock(),
    transport: (any HTTPTransport)? = nil
  ) {
    self.url = url
    self.capacity = capacity
    self.retryPolicy = retryPolicy
    self.retryClock = retryClock
    self.requestTimeout = requestTimeout
    self.flushTimeout = flushTimeout
    self.flushClock = flushClock
    self.transport = transport
  }

  /// Three attempts within 10 seconds, with full-jitter backoff from 100 ms.
  public static let defaultRetryPolicy = RetryPolicy(
    maxAttempts: 3,
    budget: .seconds(10),
    baseDelay: .milliseconds(100),
    maxDelay: .seconds(2)
  )

  /// Which failures are retried: the usual ones, and a 500 too, as webhook receivers are often
  /// flaky.
  public static let retryRule = HTTPRetryRule(
    retryableStatuses: HTTPRetryRule.defaultRetryableStatuses.union([500])
  )
}
