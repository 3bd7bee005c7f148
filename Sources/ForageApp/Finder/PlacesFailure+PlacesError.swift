import ForageHTTP
import ForagePlaces

extension PlacesFailure {
  /// Describes a search that failed after the provider's retries.
  ///
  /// - Parameters:
  ///   - error: What the provider threw.
  ///   - fixIndex: The fix the search was for.
  ///   - hasSucceededBefore: Whether any search of this run has succeeded; a connection failure
  ///     before the first success means the API is unreachable, which is fatal.
  init(_ error: PlacesError, fixIndex: Int, hasSucceededBefore: Bool) {
    let kind: String
    var isFatal = error.isFatal
    switch error {
    case .invalidSearch: kind = "invalid_search"
    case .invalidRequest: kind = "invalid_request"
    case .overQueryLimit: kind = "over_query_limit"
    case .requestDenied: kind = "request_denied"
    case .unknownError: kind = "unknown_error"
    case .unexpectedStatus: kind = "unexpected_status"
    case .httpStatus: kind = "http_status"
    case .malformedResponse: kind = "malformed_response"
    case .cancelled: kind = "cancelled"
    case .transport(let transport):
      kind = "transport"
      if !hasSucceededBefore, [.dnsFailure, .connectFailed, .tls].contains(transport.kind) {
        isFatal = true
      }
    }
    self.init(
      fixIndex: fixIndex,
      kind: kind,
      message: "places search for fix \(fixIndex) failed: \(Redaction.redact(error.description))",
      isRetrying: false,
      isFatal: isFatal
    )
  }
}
