import Foundation

/// A Places API (New) error: `{"error":{"code":400,"message":"…","status":"INVALID_ARGUMENT"}}`,
/// with Google's `details` when it gives a reason.
struct PlacesNewError: Error, Equatable {
  /// The HTTP status, also sent as `code`.
  var code: Int
  /// The canonical status name, such as `INVALID_ARGUMENT` or `PERMISSION_DENIED`.
  var status: String
  /// The explanation.
  var message: String
  /// The `reason` of the `ErrorInfo` detail Google adds, such as `API_KEY_INVALID`, if any.
  var reason: String? = nil

  /// The response carrying this error.
  var response: MockResponse {
    struct Body: Encodable {
      struct Detail: Encodable {
        enum CodingKeys: String, CodingKey {
          case type = "@type"
          case reason, domain
        }
        var type = "type.googleapis.com/google.rpc.ErrorInfo"
        var reason: String
        var domain = "googleapis.com"
      }
      struct Inner: Encodable {
        var code: Int
        var message: String
        var status: String
        var details: [Detail]?
      }
      var error: Inner
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let body = Body(
      error: .init(
        code: code,
        message: message,
        status: status,
        details: reason.map { [.init(reason: $0)] }
      )
    )
    return .json((try? encoder.encode(body)) ?? Data(), status: code)
  }
}
