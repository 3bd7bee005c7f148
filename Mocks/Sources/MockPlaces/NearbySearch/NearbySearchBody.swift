import ForagePlaceDataset
import ForagePlaceModel
import Foundation

/// The JSON body of a legacy Nearby Search response; keys are written in Google's snake case.
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
      var openNow: Bool
    }
    var businessStatus: String
    var geometry: Geometry
    var name: String
    var openingHours: OpeningHours?
    var placeId: String
    var priceLevel: Int?
    var rating: Double?
    var reference: String
    var types: [String]
    var userRatingsTotal: Int?
    var vicinity: String?

    init(_ place: Place) {
      businessStatus = (place.businessStatus ?? .operational).rawValue
      geometry = Geometry(location: .init(lat: place.latitude, lng: place.longitude))
      name = place.wireName
      openingHours = place.openNow.map(OpeningHours.init(openNow:))
      placeId = place.id
      priceLevel = place.priceLevel
      // The dataset's own: a place is ranked by a stable made-up prominence when it has
      // none, but a made-up rating is never served as the place's.
      rating = place.rating
      reference = place.id
      types = place.types
      userRatingsTotal = place.userRatingsTotal
      vicinity = place.vicinity
    }
  }

  /// The notices the data asks to be shown with it, as HTML (``htmlAttributions(for:)``).
  var htmlAttributions: [String] = []
  var nextPageToken: String?
  var results: [Result]
  var status: String
  var errorMessage: String?

  /// The encoded body, keys sorted so identical answers are identical bytes.
  func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    // Encoding plain structs of strings and finite numbers cannot fail.
    return (try? encoder.encode(self)) ?? Data(#"{"status":"UNKNOWN_ERROR"}"#.utf8)
  }

  /// A dataset's attribution as Google writes notices: HTML, escaped; none when it has none.
  static func htmlAttributions(for attribution: String?) -> [String] {
    guard let attribution else { return [] }
    return [
      attribution.replacingOccurrences(of: "&", with: "&amp;")
        .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    ]
  }

  /// A body with a status and no results, such as `INVALID_REQUEST`.
  static func status(_ status: String, message: String? = nil) -> NearbySearchBody {
    NearbySearchBody(results: [], status: status, errorMessage: message)
  }
}
