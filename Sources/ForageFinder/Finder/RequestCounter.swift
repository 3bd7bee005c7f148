import ForageHTTP
import Synchronization

/// An ``HTTPTransport`` that counts the requests it sends, for the run's summary and benchmarks.
final class CountingTransport: HTTPTransport {
  private let base: any HTTPTransport
  private let sent = Atomic<Int>(0)

  /// Wraps a transport.
  init(_ base: any HTTPTransport) { self.base = base }

  /// How many requests were sent, retries and pages included: each once it has an answer, or
  /// failed after it may have reached the server (``ForageHTTP/HTTPError/mayHaveReachedServer``);
  /// a request that found no server is not billed, and not counted.
  var count: Int { sent.load(ordering: .relaxed) }

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    do {
      let response = try await base.send(request)
      sent.add(1, ordering: .relaxed)
      return response
    } catch {
      if error.mayHaveReachedServer { sent.add(1, ordering: .relaxed) }
      throw error
    }
  }
}
