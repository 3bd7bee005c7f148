import ForageHTTP
import ForageProviders
import ForageSupport

extension PlacesFailure {
  /// Describes a search that failed after the provider's retries.
  ///
  /// - Parameters:
  ///   - error: What the provider threw.
  ///   - fixIndex: The fix the search was for.
  ///   - hasSucceededBefore: Whether any search of this run has succeeded. Before the first
  ///     success, a search that still fails after every retry means the API cannot be used
  ///     (unreachable, not HTTP, silent, refusing: a quota, a key, any 4xx or 5xx), which is
  ///     fatal: the run stops and says why instead of failing every fix.
  ///   - failuresInARow: How many searches in a row, this one included, failed after every
  ///     retry. At ``PlacesFailure/failuresInARowToStop`` the API is taken to have died: the run
  ///     stops, so a dead API costs a bounded number of requests.
  init(_ error: PlacesError, fixIndex: Int, hasSucceededBefore: Bool, failuresInARow: Int = 1) {
    let isCancelled: Bool
    switch error {
    case .cancelled: isCancelled = true
    case .transport(let transport): isCancelled = transport.kind == .cancelled
    default: isCancelled = false
    }
    if case .notExact(let reason) = error {
      // The searches succeeded; the data at one spot is beyond what they can tell.
      self.init(
        fixIndex: fixIndex,
        kind: Self.kind(of: error),
        message: "no exact answer for fix \(fixIndex): \(reason)",
        isRetrying: false,
        isFatal: false
      )
      return
    }
    let hasDied = hasSucceededBefore && failuresInARow >= Self.failuresInARowToStop
    let isFatal = !isCancelled && (error.isFatal || !hasSucceededBefore || hasDied)
    var message = "places search for fix \(fixIndex) failed: \(Redaction.redact(error.description))"
    if hasDied && !isCancelled {
      message +=
        "; \(failuresInARow) searches in a row failed after their retries, so the run stops"
    }
    self.init(
      fixIndex: fixIndex,
      kind: Self.kind(of: error),
      message: message,
      isRetrying: false,
      isFatal: isFatal
    )
  }

  /// How many searches in a row must fail, after every retry, once the API has answered, for
  /// the run to stop: one failure is a passing fault, three are an API that went away.
  public static let failuresInARowToStop = 3

  /// The ``kind`` of a fix whose nearest places cannot be known exactly
  /// (`ForageProviders/PlacesError/notExact(_:)`).
  public static let notExactKind = "not_exact"

  /// Describes a failed attempt that the provider is about to retry.
  ///
  /// - Parameters:
  ///   - error: Why the attempt failed.
  ///   - fixIndex: The fix the search is for.
  ///   - attempt: The attempt that failed, from 1.
  ///   - wait: How long the provider waits before trying again.
  init(retrying error: PlacesError, fixIndex: Int, attempt: Int, wait: Duration) {
    self.init(
      fixIndex: fixIndex,
      kind: Self.kind(of: error),
      message:
        "places search for fix \(fixIndex), attempt \(attempt), failed: "
        + "\(Redaction.redact(error.description)); retrying in \(JSONValue.format(wait.seconds)) s",
      isRetrying: true,
      isFatal: false
    )
  }

  /// A stable, machine-readable name for a failure.
  private static func kind(of error: PlacesError) -> String {
    switch error {
    case .invalidSearch: "invalid_search"
    case .invalidRequest: "invalid_request"
    case .overQueryLimit: "over_query_limit"
    case .requestDenied: "request_denied"
    case .unknownError: "unknown_error"
    case .unexpectedStatus: "unexpected_status"
    case .httpStatus: "http_status"
    case .malformedResponse: "malformed_response"
    case .runtimeError: "runtime_error"
    case .cancelled: "cancelled"
    case .transport: "transport"
    case .notExact: Self.notExactKind
    }
  }
}
