/// A failure to get any HTTP response at all.
///
/// An HTTP status such as 404 or 503 is not an `HTTPError`: it arrives as an ``HTTPResponse``.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of transport failure happened; its raw value is the snake_case word messages
  /// use, as everywhere in forage's output.
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    /// The host name could not be resolved.
    case dnsFailure = "dns_failure"
    /// The server refused or did not accept the connection.
    case connectFailed = "connect_failed"
    /// The connection was reset or closed before a complete response arrived.
    case connectionReset = "connection_reset"
    /// The server sent nothing at all.
    case emptyReply = "empty_reply"
    /// The transfer did not finish within its timeout.
    case timedOut = "timed_out"
    /// TLS negotiation or certificate verification failed.
    case tls
    /// The server sent bytes that are not HTTP.
    case malformedResponse = "malformed_response"
    /// The response body was larger than the client's cap.
    case responseTooLarge = "response_too_large"
    /// The request was cancelled by its caller.
    case cancelled
    /// The URL or request could not be used.
    case invalidRequest = "invalid_request"
    /// Any other transport failure.
    case other
  }

  /// The kind of failure.
  public var kind: Kind
  /// A human-readable explanation, with any API key redacted.
  public var message: String

  /// Creates an error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { "\(kind.rawValue): \(message)" }

  /// Whether the request may have reached the server (and be billed): not when no connection
  /// was made (a name that does not resolve, a refused connection, a failed TLS handshake) or
  /// the request could not be made at all; a timeout or a cancellation may have come after it
  /// was sent, so it counts.
  public var mayHaveReachedServer: Bool {
    switch kind {
    case .dnsFailure, .connectFailed, .tls, .invalidRequest: false
    case .connectionReset, .emptyReply, .timedOut, .malformedResponse, .responseTooLarge,
      .cancelled, .other:
      true
    }
  }
}
