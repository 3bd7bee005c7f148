import ForageHTTP
import Foundation
import MockPlaces
import Synchronization

/// A transport that hands requests straight to a mock handler, decoding the URL as a server does.
///
/// Lets the client and the mock's wire semantics be tested together without sockets; the socket
/// tests run the same searches against the real server.
final class InProcessTransport: HTTPTransport {
  private let handler: any MockHandler
  private let received = Mutex<[MockRequest]>([])

  init(_ handler: any MockHandler) {
    self.handler = handler
  }

  /// Every request the handler received.
  var requests: [MockRequest] { received.withLock { $0 } }

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else {
      throw HTTPError(.invalidRequest, "unparsable URL")
    }
    let query = (components.percentEncodedQuery ?? "").split(separator: "&").map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      func decode(_ text: Substring) -> String {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
      }
      return (name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : "")
    }
    let mockRequest = MockRequest(
      method: request.method,
      path: components.percentEncodedPath,
      query: query,
      headers: request.headers,
      body: request.body ?? Data()
    )
    received.withLock { $0.append(mockRequest) }
    guard let response = await handler.respond(to: mockRequest) else {
      return HTTPResponse(status: 404, body: Data("not found".utf8))
    }
    return HTTPResponse(status: response.status, headers: response.headers, body: response.body)
  }
}
