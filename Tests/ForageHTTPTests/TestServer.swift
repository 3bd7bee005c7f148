import ForageHTTP
import Foundation
import MockPlaces

/// Answers `/json` with a fixed JSON body, `/big` with `bigSize` bytes, and `/echo` with the
/// request's method, body and headers.
struct TestHandler: MockHandler {
  static let json = #"{"html_attributions":[],"results":[{"name":"Café Ünïcode"}],"status":"OK"}"#
  static let bigSize = 100_000

  func respond(to request: MockRequest) async -> MockResponse? {
    switch request.path {
    case "/json":
      return .json(Data(Self.json.utf8))
    case "/big":
      return .json(Data(repeating: UInt8(ascii: "x"), count: Self.bigSize))
    case "/echo":
      let headers = request.headers.map { "\($0.name.lowercased())=\($0.value)" }
      let text = ([request.method, String(decoding: request.body, as: UTF8.self)] + headers)
        .joined(separator: "\n")
      return MockResponse(status: 201, headers: [("X-Echo", "yes")], body: Data(text.utf8))
    default:
      return nil
    }
  }
}

/// Runs `body` with a mock server answering with ``TestHandler`` under the given fault specs,
/// listening until `body` ends.
///
/// - Parameters:
///   - faults: Fault specs, such as `delay:50`, in force from the start.
///   - body: What to do with the listening server.
/// - Returns: What `body` returns.
func withServer<Value>(
  faults: [String] = [],
  _ body: (MockHTTPServer) async throws -> Value
) async throws -> Value {
  let server = MockHTTPServer(
    handlers: [TestHandler()],
    faults: try faults.map { try FaultRule(parsing: $0) }
  )
  return try await server.whileListening { try await body(server) }
}

extension MockHTTPServer {
  /// A GET request for a path on this server.
  func request(_ path: String, timeout: Duration = .seconds(10)) -> HTTPRequest {
    HTTPRequest(url: URL(string: url.absoluteString + path)!, timeout: timeout)
  }
}

/// The kind of error a send threw, or `nil` when it returned a response.
func errorKind(
  _ client: any HTTPTransport,
  _ request: HTTPRequest
) async -> HTTPError.Kind? {
  do {
    _ = try await client.send(request)
    return nil
  } catch {
    return error.kind
  }
}
