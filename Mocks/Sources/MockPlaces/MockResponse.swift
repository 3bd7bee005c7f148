import Foundation

/// One HTTP response for the mock server to send.
public struct MockResponse: Sendable, Equatable {
  /// The status code.
  public var status: Int
  /// Header fields. The server adds `Content-Length` and `Connection` itself.
  public var headers: [(name: String, value: String)]
  /// The body.
  public var body: Data

  /// Creates a response.
  public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: Data = Data())
  {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A JSON response with `Content-Type: application/json; charset=UTF-8`.
  public static func json(_ body: Data, status: Int = 200) -> MockResponse {
    MockResponse(
      status: status,
      headers: [("Content-Type", "application/json; charset=UTF-8")],
      body: body
    )
  }

  public static func == (lhs: MockResponse, rhs: MockResponse) -> Bool {
    lhs.status == rhs.status && lhs.body == rhs.body
      && lhs.headers.elementsEqual(rhs.headers) { $0 == $1 }
  }
}
