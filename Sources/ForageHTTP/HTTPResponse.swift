import Foundation

/// An HTTP response: any status, including 4xx and 5xx, is a response and not an error.
public struct HTTPResponse: Sendable, Equatable {
  /// The status code, such as 200 or 503.
  public var status: Int
  /// Header fields in the order received.
  public var headers: [(name: String, value: String)]
  /// The response body.
  public var body: Data

  /// Creates a response.
  public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The value of the first header with this name, compared case-insensitively.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }

  public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
    lhs.status == rhs.status && lhs.body == rhs.body
      && lhs.headers.elementsEqual(rhs.headers) { $0 == $1 }
  }
}
