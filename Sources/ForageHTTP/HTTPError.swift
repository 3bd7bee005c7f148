/// A failure to get any HTTP response at all.
///
/// An HTTP status such as 404 or 503 is not an `HTTPError`: it arrives as an ``HTTPResponse``.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of transport failure happened.
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    /// The host name could not be resolved.
    case dnsFailure
    /// The server refused or did not accept the connection.
    case connectFailed
    /// The connection was reset or closed before a complete response arrived.
    case connectionReset
    /// The server sent nothing at all.
    case emptyReply
    /// The transfer did not finish within its timeout.
    case timedOut
    /// TLS negotiation or certificate verification failed.
    case tls
    /// The server sent bytes that are not HTTP.
    case malformedResponse
    /// The response body was larger than the client's cap.
    case responseTooLarge
    /// The request was cancelled by its caller.
    case cancelled
    /// The URL or request could not be used.
    case invalidRequest
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
}
