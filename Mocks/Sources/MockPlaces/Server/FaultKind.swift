/// What a fault does to one request; see ``FaultRule`` for the spec grammar.
public enum FaultKind: Sendable, Equatable, CustomStringConvertible {
  /// Waits, then sends the normal response.
  case delay(milliseconds: Int)
  /// Sends the normal response a few bytes at a time with pauses.
  case dribble(pauseMilliseconds: Int, chunkBytes: Int)
  /// Answers with an HTTP error status and an optional `Retry-After`.
  case status(Int, retryAfter: RetryAfter?)
  /// HTTP 200 with a Places body whose status is `OVER_QUERY_LIMIT`.
  case overQueryLimit
  /// HTTP 200 with a Places body whose status is `UNKNOWN_ERROR`.
  case unknownError
  /// Closes the connection with a TCP reset.
  case connectionReset
  /// Closes the connection without a byte.
  case emptyReply
  /// Sends non-HTTP bytes, then closes.
  case garbage
  /// Sends half the normal body; see ``TruncationMode``.
  case truncated(TruncationMode)
  /// Answers an HTML page with `Content-Type: text/html`.
  case html
  /// HTTP 200 with an Overpass JSON body whose `remark` reports a query timeout.
  case remark
  /// HTTP 400 with Overpass's HTML page for a query it cannot parse.
  case syntaxError

  /// How a `Retry-After` header is written.
  public enum RetryAfter: Sendable, Equatable {
    /// `Retry-After: N` (delta seconds).
    case seconds(Int)
    /// `Retry-After: <HTTP-date>` that many seconds after the response is sent.
    case dateAfter(seconds: Int)
  }

  /// How a truncated body ends.
  public enum TruncationMode: String, Sendable, Equatable {
    /// Announces the full `Content-Length`, sends half, closes.
    case length
    /// Sends no `Content-Length`, `Connection: close`, half the body, closes.
    case close
  }

  /// Whether the fault needs the handler's real response.
  var needsHandlerResponse: Bool {
    switch self {
    case .delay, .dribble, .truncated: return true
    default: return false
    }
  }

  public var description: String {
    switch self {
    case .delay(let milliseconds): return "delay:\(milliseconds)"
    case .dribble(let pause, let chunk): return "dribble:\(pause):chunk=\(chunk)"
    case .status(let code, let retryAfter):
      switch retryAfter {
      case .none: return code == 429 ? "http429:retry-after=none" : "http\(code)"
      case .seconds(let seconds):
        return code == 429 && seconds == 1 ? "http429" : "http\(code):retry-after=\(seconds)"
      case .dateAfter(let seconds): return "http\(code):retry-after=date+\(seconds)"
      }
    case .overQueryLimit: return "over-query-limit"
    case .unknownError: return "unknown-error"
    case .connectionReset: return "reset"
    case .emptyReply: return "empty"
    case .garbage: return "garbage"
    case .truncated(let mode): return mode == .length ? "truncated" : "truncated:mode=close"
    case .html: return "html"
    case .remark: return "remark"
    case .syntaxError: return "syntax-error"
    }
  }
}
