/// Something that sends HTTP requests: the libcurl client, or a test double above it.
public protocol HTTPTransport: Sendable {
  /// Sends one request and returns its response, whatever the status.
  ///
  /// Cancelling the calling task stops the transfer and throws ``HTTPError/Kind/cancelled``.
  ///
  /// - Parameter request: The request to send.
  /// - Returns: The response, for any HTTP status.
  /// - Throws: ``HTTPError`` when no complete response arrived.
  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}
