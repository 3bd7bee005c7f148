import ForageHTTP
import Synchronization

/// An ``HTTPTransport`` that counts the requests it sends, for the run's summary and benchmarks.
final class CountingTransport: HTTPTransport {
  private let base: any HTTPTransport
  private let sent = Atomic<Int>(0)

  /// Wraps a transport.
  init(_ base: any HTTPTransport) { self.base = base }

  /// How many requests were sent, retries and pages included.
  var count: Int { sent.load(ordering: .relaxed) }

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    sent.add(1, ordering: .relaxed)
    return try await base.send(request)
  }
}
