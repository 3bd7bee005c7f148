import Foundation

/// An HTTP request: what to send, where, and how long to wait for it.
public struct HTTPRequest: Sendable, Equatable {
  /// The request method, such as `GET` or `POST`.
  public var method: String
  /// The absolute URL, query string included.
  public var url: URL
  /// Header fields in the order they are sent. Names compare case-insensitively on the wire.
  public var headers: [(name: String, value: String)]
  /// The request body, or `nil` for none.
  public var body: Data?
  /// The whole-transfer timeout, connection included.
  public var timeout: Duration

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - method: The request method. Defaults to `GET`.
  ///   - url: The absolute URL.
  ///   - headers: Header fields in order.
  ///   - body: The body, or `nil`.
  ///   - timeout: The whole-transfer timeout. Defaults to 30 seconds.
  public init(
    method: String = "GET",
    url: URL,
    headers: [(name: String, value: String)] = [],
    body: Data? = nil,
    timeout: Duration = .seconds(30)
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
  }

  public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
    lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body
      && lhs.timeout == rhs.timeout && lhs.headers.elementsEqual(rhs.headers) { $0 == $1 }
  }
}
