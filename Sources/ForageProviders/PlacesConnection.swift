import ForageHTTP
import ForageSupport
import Foundation

/// How a provider reaches its API, and the one way a provider sends a request.
///
/// Every provider sends requests the same way: through its transport, retried as its policy
/// says on its clock, with transport failures turned into ``PlacesError`` with the key removed
/// from their messages. What differs is the request and how a response decodes.
struct PlacesConnection: Sendable {
  /// The header that tells the time on the clock
  /// (``PlacesProviderConfiguration/sendsVirtualTime``).
  static let virtualTimeHeader = "Forage-Virtual-Time"

  /// What sends requests: the libcurl client, or a test double.
  let transport: any HTTPTransport
  /// The clock retries and waits run on.
  let clock: any Clock<Duration>
  /// The current wall-clock date, to read `Retry-After` dates.
  let date: @Sendable () -> Date
  /// The key to keep out of every message, if the API takes one.
  let apiKey: PlacesAPIKey?
  /// How retryable failures are retried.
  let retry: RetryPolicy
  /// Holds requests back while the API has asked for a wait.
  let gate: RetryAfterGate
  /// The time elapsed on ``clock`` since the connection was made, when every request tells it
  /// (``PlacesProviderConfiguration/sendsVirtualTime``).
  private let virtualTime: (@Sendable () -> Duration)?

  /// Creates the connection a provider's configuration describes.
  ///
  /// - Parameters:
  ///   - transport: What sends requests.
  ///   - configuration: The provider's configuration: its key and retry policy are used here.
  ///   - clock: The clock retries and waits run on.
  ///   - date: The current wall-clock date, to read `Retry-After` dates.
  init<Provider>(
    transport: any HTTPTransport,
    configuration: PlacesProviderConfiguration<Provider>,
    clock: any Clock<Duration>,
    date: @escaping @Sendable () -> Date
  ) {
    self.transport = transport
    self.clock = clock
    self.date = date
    apiKey = configuration.apiKey
    retry = configuration.retry
    gate = configuration.retryAfterGate ?? RetryAfterGate(clock: clock)
    virtualTime = configuration.sendsVirtualTime ? clock.startStopwatch() : nil
  }

  /// Sends a request, retrying as ``retry`` allows, and decodes each response.
  ///
  /// Every attempt first waits at ``gate`` while the API has asked any provider sharing it for
  /// a wait; an answer that asks for one (`Retry-After`, cut as ``retry`` cuts it) closes it.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - decode: Turns a response into a value or a ``PlacesError`` (which may be retried).
  /// - Throws: The last ``PlacesError``; ``PlacesError/cancelled`` when the task is cancelled.
  func send<Value>(
    _ request: HTTPRequest,
    decode: (HTTPResponse) throws(PlacesError) -> Value
  ) async throws(PlacesError) -> Value {
    try await retry.search(on: clock) { () async throws(PlacesError) -> Value in
      try await wait(gate.remaining)
      let response: HTTPResponse
      do throws(HTTPError) {
        response = try await transport.send(stamped(request))
      } catch {
        if error.kind == .cancelled { throw .cancelled }
        throw .transport(HTTPError(error.kind, redact(error.message)))
      }
      do throws(PlacesError) {
        return try decode(response)
      } catch {
        if let wait = error.retryAfter {
          gate.close(for: min(wait, retry.maxRetryAfter))
        }
        throw error
      }
    }
  }

  /// The request with the time on ``clock`` as it is sent, when the connection tells it: a
  /// retry, sent later on the clock, tells the later time.
  private func stamped(_ request: HTTPRequest) -> HTTPRequest {
    guard let virtualTime else { return request }
    var stamped = request
    let seconds = String(format: "%.3f", virtualTime().seconds)
    stamped.headers.append((Self.virtualTimeHeader, seconds))
    return stamped
  }

  /// Waits on ``clock``; nothing when `duration` is not positive.
  ///
  /// - Throws: ``PlacesError/cancelled`` when the task is cancelled.
  func wait(_ duration: Duration) async throws(PlacesError) {
    guard duration > .zero else { return }
    do {
      try await clock.sleep(for: duration)
    } catch {
      throw .cancelled
    }
  }

  /// Removes the key, if any, and every credential-shaped value from a text.
  func redact(_ text: String) -> String {
    apiKey.redact(text)
  }
}
