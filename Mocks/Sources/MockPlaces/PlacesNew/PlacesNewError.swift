import Foundation

/// A Places API (New) error: `{"error":{"code":400,"message":"…","status":"INVALID_ARGUMENT"}}`.
struct PlacesNewError: Error, Equatable {
  /// The HTTP status, also sent as `code`.
  var code: Int
  /// The canonical status name, such as `INVALID_ARGUMENT` or `PERMISSION_DENIED`.
  var status: String
  /// The explanation.
  var message: String

  /// The response carrying this error.
  var response: MockResponse {
    struct Body: Encodable {
      struct Inner: Encodable {
        var code: Int
        var message: String
        var status: String
      }
      var error: Inner
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let body = Body(error: .init(code: code, message: message, status: status))
    return .json((try? encoder.encode(body)) ?? Data(), status: code)
  }
}
