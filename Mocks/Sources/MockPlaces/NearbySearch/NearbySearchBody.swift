import Foundation

/// The JSON body of a legacy Nearby Search response, with Google's field names.
struct NearbySearchBody: Encodable {
  /// One result, with the optional fields Google may leave out left out when unknown.
  struct Result: Encodable {
    struct Geometry: Encodable {
      struct Location: Encodable {
        var lat: Double
        var lng: Double
      }
      var location: Location
    }
    struct OpeningHours: Encodable {
      var open_now: Bool
    }
    var business_status: String
    var geometry: Geometry
    var name: String
    var opening_hours: OpeningHours?
    var place_id: String
    var price_level: Int?
    var rating: Double
    var reference: String
    var types: [String]
    var user_ratings_total: Int
    var vicinity: String?

    init(_ place: DatasetPlace) {
      business_status = place.businessStatus
      geometry = Geometry(location: .init(lat: place.latitude, lng: place.longitude))
      name = place.name
      opening_hours = place.openNow.map(OpeningHours.init(open_now:))
      place_id = place.id
      price_level = place.priceLevel
      rating = place.prominenceRating
      reference = place.id
      types = place.types
      user_ratings_total = place.prominenceRatingsTotal
      vicinity = place.vicinity
    }
  }

  var html_attributions: [String] = []
  var next_page_token: String?
  var results: [Result]
  var status: String
  var error_message: String?

  /// The encoded body, keys sorted so identical answers are identical bytes.
  func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding plain structs of strings and finite numbers cannot fail.
    return (try? encoder.encode(self)) ?? Data(#"{"status":"UNKNOWN_ERROR"}"#.utf8)
  }

  /// A body with a status and no results, such as `INVALID_REQUEST`.
  static func status(_ status: String, message: String? = nil) -> NearbySearchBody {
    NearbySearchBody(results: [], status: status, error_message: message)
  }
}
