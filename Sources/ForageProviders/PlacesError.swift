import ForageHTTP

/// Why a places search failed, with what a caller should do about it.
///
/// Google's legacy API reports most failures as HTTP 200 with a `status`; those map to the
/// status cases here. No message ever contains the API key.
public enum PlacesError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The search was refused before sending: it cannot be valid (a radius over 50 km, ranking
  /// by distance without keyword or type, a feature this provider lacks). Not retryable.
  case invalidSearch(String)
  /// `INVALID_REQUEST`: the API found the request malformed, or a page token unknown or still
  /// not valid after waiting. Not retryable.
  case invalidRequest(message: String?)
  /// `OVER_QUERY_LIMIT`: the quota or rate limit was hit. Retryable after a backoff.
  case overQueryLimit(message: String?)
  /// `REQUEST_DENIED`: the key is missing, wrong or not allowed this API. Fatal: no search with
  /// this configuration will succeed.
  case requestDenied(message: String?)
  /// `UNKNOWN_ERROR`: a server-side failure. Retryable.
  case unknownError(message: String?)
  /// A `status` this client does not know. Not retryable.
  case unexpectedStatus(String, message: String?)
  /// An HTTP error status without a usable body. Retryable for 408, 429, 500, 502, 503, 504.
  case httpStatus(Int, retryAfter: Duration?)
  /// No complete HTTP response arrived. Retryable for connection and timeout failures.
  case transport(HTTPError)
  /// The body was not the expected JSON (truncated, HTML, garbage). Retryable.
  case malformedResponse(String)
  /// The server ran the query but could not finish it (Overpass's `remark`, such as `runtime
  /// error: Query timed out`): the answer is incomplete. Retryable, as it is load.
  case runtimeError(String)
  /// The caller's task was cancelled.
  case cancelled
  /// The nearest places a fix asks for cannot be known exactly: more places lie at one spot
  /// than one search returns, so no set of searches can tell whether there are others there
  /// (a finder's conclusion after its searches succeeded, not the API's failure). Not retryable,
  /// and not a sign that the API went away.
  case notExact(String)

  /// Whether trying the same request again later may succeed.
  public var isRetryable: Bool {
    switch self {
    case .overQueryLimit, .unknownError, .malformedResponse, .runtimeError: true
    case .httpStatus(let status, _): [408, 429, 500, 502, 503, 504].contains(status)
    case .transport(let error):
      switch error.kind {
      case .dnsFailure, .connectFailed, .connectionReset, .emptyReply, .timedOut,
        .malformedResponse:
        true
      case .tls, .responseTooLarge, .cancelled, .invalidRequest, .other: false
      }
    case .invalidSearch, .invalidRequest, .requestDenied, .unexpectedStatus, .cancelled,
      .notExact:
      false
    }
  }

  /// Whether every later request with the same configuration will fail too (a denied key).
  public var isFatal: Bool {
    if case .requestDenied = self { return true }
    return false
  }

  /// How long the server asked the client to wait, when it said.
  public var retryAfter: Duration? {
    if case .httpStatus(_, let retryAfter) = self { return retryAfter }
    return nil
  }

  public var description: String {
    func with(_ text: String, _ message: String?) -> String {
      message.map { "\(text): \($0)" } ?? text
    }
    switch self {
    case .invalidSearch(let reason): return "invalid search: \(reason)"
    case .invalidRequest(let message): return with("INVALID_REQUEST", message)
    case .overQueryLimit(let message): return with("OVER_QUERY_LIMIT", message)
    case .requestDenied(let message): return with("REQUEST_DENIED", message)
    case .unknownError(let message): return with("UNKNOWN_ERROR", message)
    case .unexpectedStatus(let status, let message): return with("status \(status)", message)
    case .httpStatus(let status, let retryAfter):
      return "HTTP \(status)" + (retryAfter.map { " (retry after \($0))" } ?? "")
    case .transport(let error): return "transport failure: \(error)"
    case .malformedResponse(let reason): return "malformed response: \(reason)"
    case .runtimeError(let remark): return "server runtime error: \(remark)"
    case .cancelled: return "cancelled"
    case .notExact(let reason): return reason
    }
  }
}
