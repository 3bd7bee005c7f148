import Foundation

/// One HTTP request as the mock server received it.
public struct MockRequest: Sendable, Equatable {
  /// The request method, such as `GET`.
  public var method: String
  /// The path without the query string, such as `/maps/api/place/nearbysearch/json`.
  public var path: String
  /// The decoded query parameters in order (percent-decoding applied, `+` read as a space).
  public var query: [(name: String, value: String)]
  /// Header fields in order; names as received.
  public var headers: [(name: String, value: String)]
  /// The request body.
  public var body: Data

  /// Creates a request.
  public init(
    method: String,
    path: String,
    query: [(name: String, value: String)] = [],
    headers: [(name: String, value: String)] = [],
    body: Data = Data()
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
  }

  /// The first query parameter with this name.
  public func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  /// The first header with this name, compared case-insensitively.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }

  public static func == (lhs: MockRequest, rhs: MockRequest) -> Bool {
    lhs.method == rhs.method && lhs.path == rhs.path && lhs.body == rhs.body
      && lhs.query.elementsEqual(rhs.query) { $0 == $1 }
      && lhs.headers.elementsEqual(rhs.headers) { $0 == $1 }
  }
}
