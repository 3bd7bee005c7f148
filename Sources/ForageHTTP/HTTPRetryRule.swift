import ForageSupport
import Foundation

/// Which HTTP outcomes are worth another attempt: the HTTP half of retrying, beside the
/// `RetryPolicy` that says how often and how long to wait.
public struct HTTPRetryRule: Sendable, Hashable {
  /// Statuses worth another attempt.
  public var retryableStatuses: Set<Int>
  /// Transport failures worth another attempt.
  public var retryableErrors: Set<HTTPError.Kind>

  /// Creates a rule.
  ///
  /// - Parameters:
  ///   - retryableStatuses: Defaults to ``defaultRetryableStatuses`` (429, 502, 503, 504).
  ///   - retryableErrors: Defaults to ``defaultRetryableErrors``.
  public init(
    retryableStatuses: Set<Int> = HTTPRetryRule.defaultRetryableStatuses,
    retryableErrors: Set<HTTPError.Kind> = HTTPRetryRule.defaultRetryableErrors
  ) {
    self.retryableStatuses = retryableStatuses
    self.retryableErrors = retryableErrors
  }

  /// 429 Too Many Requests and the gateway errors 502, 503, 504. 500 is left out: it usually
  /// means the request itself breaks the server; add it when a server is known to be flaky.
  public static let defaultRetryableStatuses: Set<Int> = [429, 502, 503, 504]

  /// Failures that say nothing about the request itself: refused or reset connections, empty
  /// replies and timeouts. DNS, TLS, malformed responses, size caps and cancellation are final.
  public static let defaultRetryableErrors: Set<HTTPError.Kind> = [
    .connectFailed, .connectionReset, .emptyReply, .timedOut,
  ]

  /// The default rule.
  public static let standard = HTTPRetryRule()

  /// How an HTTP outcome is judged: a status in ``retryableStatuses`` (with its `Retry-After`)
  /// or a failure in ``retryableErrors`` is retryable.
  ///
  /// - Parameters:
  ///   - outcome: The response or the transport failure.
  ///   - now: The current date, to read a `Retry-After` HTTP-date against.
  public func verdict(
    for outcome: Result<HTTPResponse, HTTPError>,
    now: Date
  ) -> RetryPolicy.Verdict {
    switch outcome {
    case .success(let response):
      guard retryableStatuses.contains(response.status) else { return .final }
      return .retryable(serverWait: response.retryAfter(now: now))
    case .failure(let error):
      return retryableErrors.contains(error.kind) ? .retryable(serverWait: nil) : .final
    }
  }
}
