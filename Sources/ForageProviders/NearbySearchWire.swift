import ForageGeodesy
import ForagePlaceModel
import ForageSupport

/// The legacy Nearby Search JSON as it arrives, decoded leniently.
///
/// Every field is optional; numbers may come as strings; a result that cannot be decoded is
/// kept as `nil` so the rest of the page survives.
struct NearbySearchWire: Decodable {
  var status: String?
  var errorMessage: String?
  var nextPageToken: String?
  var results: [Result?]
  /// The `html_attributions`, as plain text (``AttributionNotice/plainText(html:)``).
  var notices: [String]
  /// Whether the JSON had a `results` array (an `OK` answer without one is malformed).
  var hasResults: Bool

  enum CodingKeys: String, CodingKey {
    case status, errorMessage, nextPageToken, results, htmlAttributions
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    status = try? container.decodeIfPresent(String.self, forKey: .status)
    errorMessage = try? container.decodeIfPresent(String.self, forKey: .errorMessage)
    nextPageToken = try? container.decodeIfPresent(String.self, forKey: .nextPageToken)
    let decoded = try? container.decodeIfPresent([Lenient<Result>].self, forKey: .results)
    hasResults = decoded != nil
    results = decoded?.map(\.value) ?? []
    let attributions = try? container.decodeIfPresent(
      [Lenient<String>].self,
      forKey: .htmlAttributions
    )
    notices = (attributions ?? []).compactMap { $0.value.flatMap(AttributionNotice.plainText) }
  }

  /// One result.
  struct Result: Decodable {
    struct Geometry: Decodable {
      var location: LatLng
    }
    struct LatLng: Decodable {
      var lat: LenientNumber
      var lng: LenientNumber
    }
    struct OpeningHours: Decodable {
      var openNow: Bool?
    }

    var placeId: String
    var name: String?
    var geometry: Geometry
    var rating: LenientNumber?
    var userRatingsTotal: LenientNumber?
    var priceLevel: LenientNumber?
    var types: [String?]?
    var vicinity: String?
    var openingHours: OpeningHours?
    var businessStatus: String?

    enum CodingKeys: String, CodingKey {
      case placeId, name, geometry, rating, userRatingsTotal, priceLevel, types, vicinity,
        openingHours, businessStatus
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      placeId = try container.decode(String.self, forKey: .placeId)
      geometry = try container.decode(Geometry.self, forKey: .geometry)
      name = try? container.decodeIfPresent(String.self, forKey: .name)
      rating = try? container.decodeIfPresent(LenientNumber.self, forKey: .rating)
      userRatingsTotal = try? container.decodeIfPresent(
        LenientNumber.self,
        forKey: .userRatingsTotal
      )
      priceLevel = try? container.decodeIfPresent(LenientNumber.self, forKey: .priceLevel)
      types = try? container.decodeIfPresent([String?].self, forKey: .types)
      vicinity = try? container.decodeIfPresent(String.self, forKey: .vicinity)
      openingHours = try? container.decodeIfPresent(OpeningHours.self, forKey: .openingHours)
      businessStatus = try? container.decodeIfPresent(String.self, forKey: .businessStatus)
    }

    /// The place, or `nil` when its coordinate is unusable.
    var place: Place? {
      guard
        let coordinate = try? Coordinate(
          latitude: geometry.location.lat.value,
          longitude: geometry.location.lng.value
        ),
        !placeId.isEmpty
      else { return nil }
      return Place(
        id: placeId,
        name: name,
        coordinate: coordinate,
        rating: rating?.value,
        userRatingsTotal: userRatingsTotal?.integer,
        priceLevel: priceLevel?.integer,
        types: (types ?? []).compactMap { $0 },
        vicinity: vicinity,
        openNow: openingHours?.openNow,
        businessStatus: businessStatus.map(BusinessStatus.init(rawValue:)),
        provenance: .googleNearbySearch
      )
    }
  }
}

/// Decodes a value, or `nil` instead of failing, so one bad element spares its array.
struct Lenient<Wrapped: Decodable>: Decodable {
  var value: Wrapped?

  init(from decoder: any Decoder) throws {
    value = try? Wrapped(from: decoder)
  }
}

/// A JSON number, or a string holding one.
struct LenientNumber: Decodable {
  var value: Double

  /// The value when it is a whole number.
  var integer: Int? {
    value == value.rounded() && abs(value) < 1e15 ? Int(value) : nil
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Double.self), number.isFinite {
      value = number
    } else if let text = try? container.decode(String.self), let number = Double(text),
      number.isFinite
    {
      value = number
    } else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a number")
    }
  }
}
