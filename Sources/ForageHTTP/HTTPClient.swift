import ForageSupport
import Foundation

/// An HTTP client on libcurl: keep-alive connections, many requests in flight, cancellation.
///
/// One client owns one libcurl multi handle driven by a dedicated thread; transfers share its
/// connection cache, so sequential requests to one host reuse a connection. Make one client and
/// share it. TLS certificates and host names are always verified.
///
/// ```swift
/// let client = HTTPClient()
/// let response = try await client.send(HTTPRequest(url: url, timeout: .seconds(5)))
/// ```
public final class HTTPClient: HTTPTransport {
  /// The settings this client was made with.
  public let configuration: Configuration
  private let loop: CurlMultiLoop

  /// Creates a client and starts its transfer thread.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
    loop = CurlMultiLoop(configuration: configuration)
  }

  deinit {
    loop.shutdown()
  }

  /// Sends one request and returns its response, whatever the status.
  ///
  /// Cancelling the calling task stops the transfer at once and throws
  /// ``HTTPError/Kind/cancelled``; the client stays usable.
  ///
  /// - Throws: ``HTTPError`` when no complete response arrived, with any API key redacted.
  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    let transfer = CurlTransfer(request: request, maxResponseBytes: configuration.maxResponseBytes)
    let loop = loop
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        transfer.continuation = continuation
        loop.submit(transfer)
      }
    } onCancel: {
      loop.cancel(transfer)
    }
    return try result.get()
  }

  /// Sends a request, retrying it as `policy` allows; see ``RetryingTransport``.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - policy: Which failures to retry and how long to wait.
  ///   - clock: The clock backoff sleeps on. Defaults to the continuous clock.
  ///   - date: The current wall-clock date, to read `Retry-After` dates. Defaults to the
  ///     system's.
  public func send(
    _ request: HTTPRequest,
    retry policy: RetryPolicy,
    clock: any Clock<Duration> = ContinuousClock(),
    date: @escaping @Sendable () -> Date = { Date() }
  ) async throws(HTTPError) -> HTTPResponse {
    try await RetryingTransport(self, policy: policy, clock: clock, date: date).send(request)
  }
}
