import ForagePlaceDataset
import ForagePlaceModel
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
    /// `regularOpeningHours`: the regular week as periods.
    struct RegularHours: Encodable {
      struct Period: Encodable {
        var open: Point
        var close: Point?
      }
      struct Point: Encodable {
        var day: Int
        var hour: Int
        var minute: Int
      }
      var periods: [Period]

      init(_ hours: WeeklyHours) {
        func point(_ time: WeekTime) -> Point {
          Point(day: time.day, hour: time.hour, minute: time.minute)
        }
        periods = hours.periods.map { Period(open: point($0.open), close: $0.close.map(point)) }
      }
    }
    /// Who provided the data, to be shown with it.
    struct Attribution: Encodable {
      var provider: String
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
    var regularOpeningHours: RegularHours?
    var utcOffsetMinutes: Int?
    var attributions: [Attribution]?

    /// The names of `priceLevel` 0–4.
    static let priceLevels = [
      "PRICE_LEVEL_FREE", "PRICE_LEVEL_INEXPENSIVE", "PRICE_LEVEL_MODERATE",
      "PRICE_LEVEL_EXPENSIVE", "PRICE_LEVEL_VERY_EXPENSIVE",
    ]

    /// The place's masked fields, with `attribution` (the dataset's notice) as its provider.
    init(_ place: ForagePlaceModel.Place, mask: PlacesNewFieldMask, attribution: String? = nil) {
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
      // The dataset's own, never the made-up prominence a place without them is ranked by.
      rating = masked("rating", place.rating)
      userRatingCount = masked("userRatingCount", place.userRatingsTotal)
      priceLevel = masked("priceLevel", place.priceLevel.map { Self.priceLevels[$0] })
      businessStatus = masked("businessStatus", (place.businessStatus ?? .operational).rawValue)
      displayName = masked("displayName", LocalizedText(text: place.wireName, languageCode: "en"))
      currentOpeningHours = masked("currentOpeningHours", place.openNow.map(OpeningHours.init))
      let week = place.weeklyHours
      regularOpeningHours = masked("regularOpeningHours", week.map(RegularHours.init))
      utcOffsetMinutes = masked("utcOffsetMinutes", week?.utcOffsetMinutes)
      attributions = masked("attributions", attribution.map { [Attribution(provider: $0)] })
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
