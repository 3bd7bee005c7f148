import ForageGeodesy
import ForageSpatialIndex

/// A place read from a places dataset: an eatery with an id, a position, its types and what else
/// the file says about it.
///
/// This is the one place type for dataset files, whoever reads them: `forage nearby` searches
/// these directly, and the mock Places server serves them. Optional fields stay `nil` when the
/// file does not give them. See ``PlaceDataset`` for how each field is read.
public struct DatasetPlace: SpatialItem, Sendable, Equatable {
  /// The id, unique within a dataset, such as `osm-node-1007416273`.
  public var id: String
  /// The display name, or `nil` when the file has none (an OpenStreetMap `amenity` often has no
  /// `name` and is still a place).
  public var name: String?
  /// Where the place is.
  public var coordinate: Coordinate
  /// Google place types, most specific first, such as `["cafe", "food", "point_of_interest"]`.
  public var types: [String]
  /// The rating, 0.0–5.0, when the file gives one.
  public var rating: Double?
  /// The number of ratings, when the file gives it.
  public var userRatingsTotal: Int?
  /// The price level (0–4), when known.
  public var priceLevel: Int?
  /// `OPERATIONAL`, `CLOSED_TEMPORARILY` or `CLOSED_PERMANENTLY`.
  public var businessStatus: String
  /// Whether the place is open now, when known.
  public var openNow: Bool?
  /// A short address such as `Eerikinkatu 10, Helsinki`, when known.
  public var vicinity: String?
  /// Extra lowercase words a keyword matches, such as OSM cuisines (`pizza`, `italian`).
  public var keywords: [String]
  /// Every other scalar property of the feature, as text (OSM tags such as `cuisine`).
  public var properties: [String: String]

  /// Creates a place.
  public init(
    id: String,
    name: String?,
    coordinate: Coordinate,
    types: [String] = OSMPlaceTypes.establishment,
    rating: Double? = nil,
    userRatingsTotal: Int? = nil,
    priceLevel: Int? = nil,
    businessStatus: String = "OPERATIONAL",
    openNow: Bool? = nil,
    vicinity: String? = nil,
    keywords: [String] = [],
    properties: [String: String] = [:]
  ) {
    self.id = id
    self.name = name
    self.coordinate = coordinate
    self.types = types
    self.rating = rating
    self.userRatingsTotal = userRatingsTotal
    self.priceLevel = priceLevel
    self.businessStatus = businessStatus
    self.openNow = openNow
    self.vicinity = vicinity
    self.keywords = keywords
    self.properties = properties
  }

  /// Creates a place at a latitude and longitude given in code (tests, generated data).
  ///
  /// Values out of range are clamped (latitude) or wrapped (longitude); untrusted numbers go
  /// through ``Coordinate/init(latitude:longitude:)`` instead.
  public init(
    id: String,
    name: String?,
    latitude: Double,
    longitude: Double,
    types: [String] = OSMPlaceTypes.establishment,
    rating: Double? = nil,
    userRatingsTotal: Int? = nil,
    priceLevel: Int? = nil,
    businessStatus: String = "OPERATIONAL",
    openNow: Bool? = nil,
    vicinity: String? = nil,
    keywords: [String] = []
  ) {
    self.init(
      id: id,
      name: name,
      coordinate: Coordinate(unchecked: latitude, longitude: longitude),
      types: types,
      rating: rating,
      userRatingsTotal: userRatingsTotal,
      priceLevel: priceLevel,
      businessStatus: businessStatus,
      openNow: openNow,
      vicinity: vicinity,
      keywords: keywords
    )
  }

  /// Latitude in degrees, positive north.
  public var latitude: Double { coordinate.latitude }
  /// Longitude in degrees, positive east.
  public var longitude: Double { coordinate.longitude }

  /// Whether the business is closed, temporarily or for good.
  public var isClosed: Bool { businessStatus.hasPrefix("CLOSED") }

  /// Whether the place is of a kind, compared without regard to case.
  public func hasType(_ type: String) -> Bool {
    types.contains { $0.caseInsensitiveCompare(type) == .orderedSame }
  }
}
