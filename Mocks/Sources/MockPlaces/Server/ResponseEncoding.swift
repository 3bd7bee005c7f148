import Foundation

/// The JSON bodies the server writes itself (admin answers, faults, 404s).
enum ResponseEncoding {
  /// A JSON response from an encodable value, keys sorted.
  static func json<Value: Encodable>(_ value: Value, status: Int = 200) -> MockResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return .json(body, status: status)
  }
}
