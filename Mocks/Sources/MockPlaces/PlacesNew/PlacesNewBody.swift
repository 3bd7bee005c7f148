import ForagePlace
import ForagePlacesData
import Foundation

/// The JSON body of a `places:searchNearby` answer, holding only the masked fields.
struct PlacesNewBody: Encodable {
  /// One place; fields outside the mask, or unknown, stay `nil` and are left out.
  struct Place: Encodable {
    struct LocalizedText: Encodable {
      var text: String
      var languageCode: String
    }
    struct LatLng: Encodable {
      var latitude: Double
      var longitude: Double
    }
    struct OpeningHours: Encodable {
      var openNow: Bool
    }
    var name: String?
    var id: String?
    var types: [String]?
    var primaryType: String?
    var formattedAddress: String?
    var shortFormattedAddress: String?
    var location: LatLng?
    var rating: Double?
    var userRatingCount: Int?
    var priceLevel: String?
    var businessStatus: String?
    var displayName: LocalizedText?
    var currentOpeningHours: OpeningHours?

    /// The names of `priceLevel` 0–4.
    static let priceLevels = [
      "PRICE_LEVEL_FREE", "PRICE_LEVEL_INEXPENSIVE", "PRICE_LEVEL_MODERATE",
      "PRICE_LEVEL_EXPENSIVE", "PRICE_LEVEL_VERY_EXPENSIVE",
    ]

    init(_ place: ForagePlace.Place, mask: PlacesNewFieldMask) {
      func masked<T>(_ field: String, _ value: @autoclosure () -> T?) -> T? {
        mask.fields.contains(field) ? value() : nil
      }
      name = masked("name", "places/\(place.id)")
      id = masked("id", place.id)
      types = masked("types", place.types)
      primaryType = masked("primaryType", place.types.first)
      formattedAddress = masked("formattedAddress", place.vicinity)
      shortFormattedAddress = masked("shortFormattedAddress", place.vicinity)
      location = masked("location", LatLng(latitude: place.latitude, longitude: place.longitude))
      rating = masked("rating", place.prominenceRating)
      userRatingCount = masked("userRatingCount", place.prominenceRatingsTotal)
      priceLevel = masked("priceLevel", place.priceLevel.map { Self.priceLevels[$0] })
      businessStatus = masked("businessStatus", (place.businessStatus ?? .operational).rawValue)
      displayName = masked("displayName", LocalizedText(text: place.wireName, languageCode: "en"))
      currentOpeningHours = masked("currentOpeningHours", place.openNow.map(OpeningHours.init))
    }
  }

  /// The places, or `nil` for none: Google answers an empty search with `{}`.
  var places: [Place]?

  /// The encoded body, keys sorted so identical answers are identical bytes.
  func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)) ?? Data("{}".utf8)
  }
}
