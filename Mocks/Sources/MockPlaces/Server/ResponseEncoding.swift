import Foundation

/// Serialises responses to HTTP/1.1 bytes.
enum ResponseEncoding {
  /// Headers the server writes itself, ignored when a handler sets them.
  static let framingHeaders: Set<String> = ["content-length", "connection", "transfer-encoding"]

  /// The status line and headers, ending with the blank line.
  ///
  /// - Parameters:
  ///   - response: The response whose status and headers to write.
  ///   - contentLength: The `Content-Length` to announce, or `nil` for none.
  ///   - keepAlive: Whether to announce `Connection: keep-alive` rather than `close`.
  static func head(_ response: MockResponse, contentLength: Int?, keepAlive: Bool) -> [UInt8] {
    var text = "HTTP/1.1 \(response.status) \(reason(for: response.status))\r\n"
    for (name, value) in response.headers where !framingHeaders.contains(name.lowercased()) {
      text += "\(name): \(value)\r\n"
    }
    if let contentLength { text += "Content-Length: \(contentLength)\r\n" }
    text += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
    return Array(text.utf8)
  }

  /// The whole response: head, then the body unless the request was `HEAD`.
  static func bytes(_ response: MockResponse, keepAlive: Bool, isHead: Bool) -> [UInt8] {
    var bytes = head(response, contentLength: response.body.count, keepAlive: keepAlive)
    if !isHead { bytes.append(contentsOf: response.body) }
    return bytes
  }

  /// A JSON response from an encodable value, keys sorted.
  static func json<Value: Encodable>(_ value: Value, status: Int = 200) -> MockResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return .json(body, status: status)
  }

  /// The standard reason phrase for a status code.
  static func reason(for status: Int) -> String {
    switch status {
    case 100: return "Continue"
    case 200: return "OK"
    case 201: return "Created"
    case 204: return "No Content"
    case 301: return "Moved Permanently"
    case 302: return "Found"
    case 304: return "Not Modified"
    case 400: return "Bad Request"
    case 401: return "Unauthorized"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 408: return "Request Timeout"
    case 413: return "Content Too Large"
    case 429: return "Too Many Requests"
    case 500: return "Internal Server Error"
    case 501: return "Not Implemented"
    case 502: return "Bad Gateway"
    case 503: return "Service Unavailable"
    case 504: return "Gateway Timeout"
    default: return "Status \(status)"
    }
  }
}
