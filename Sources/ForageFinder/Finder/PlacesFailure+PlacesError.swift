import ForageHTTP
import ForagePlaces
import ForageSupport

extension PlacesFailure {
  /// Describes a search that failed after the provider's retries.
  ///
  /// - Parameters:
  ///   - error: What the provider threw.
  ///   - fixIndex: The fix the search was for.
  ///   - hasSucceededBefore: Whether any search of this run has succeeded. Before the first
  ///     success, a search that still fails after every retry means the API cannot be used
  ///     (unreachable, not HTTP, silent, an HTTP error, answers that are not its format), which
  ///     is fatal: the run stops and says why instead of failing every fix. Only the API's own
  ///     passing refusals (`OVER_QUERY_LIMIT`, `UNKNOWN_ERROR`, Overpass's runtime errors) are
  ///     not.
  init(_ error: PlacesError, fixIndex: Int, hasSucceededBefore: Bool) {
    var isFatal = error.isFatal
    if !hasSucceededBefore {
      switch error {
      case .transport(let transport): isFatal = transport.kind != .cancelled
      case .malformedResponse, .httpStatus, .unexpectedStatus, .invalidRequest: isFatal = true
      case .overQueryLimit, .unknownError, .runtimeError, .invalidSearch, .requestDenied,
        .cancelled:
        break
      }
    }
    self.init(
      fixIndex: fixIndex,
      kind: Self.kind(of: error),
      message: "places search for fix \(fixIndex) failed: \(Redaction.redact(error.description))",
      isRetrying: false,
      isFatal: isFatal
    )
  }

  /// Describes a failed attempt that the provider is about to retry.
  ///
  /// - Parameters:
  ///   - error: Why the attempt failed.
  ///   - fixIndex: The fix the search is for.
  ///   - attempt: The attempt that failed, from 1.
  ///   - wait: How long the provider waits before trying again.
  init(retrying error: PlacesError, fixIndex: Int, attempt: Int, wait: Duration) {
    let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
    self.init(
      fixIndex: fixIndex,
      kind: Self.kind(of: error),
      message:
        "places search for fix \(fixIndex), attempt \(attempt), failed: "
        + "\(Redaction.redact(error.description)); retrying in \(JSONValue.format(seconds)) s",
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
    }
  }
}
