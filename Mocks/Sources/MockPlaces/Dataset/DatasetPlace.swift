import Foundation

/// One place the mock server can return, as loaded from a dataset.
///
/// Optional fields stay `nil` when the dataset does not give them; ``prominenceRating`` and
/// ``prominenceRatingsTotal`` fill the gaps with stable values derived from the id, so the
/// prominence order is deterministic for any dataset.
public struct DatasetPlace: Sendable, Equatable {
  /// The place id (`place_id`), unique within a dataset.
  public var id: String
  /// The display name.
  public var name: String
  /// Latitude in degrees, positive north.
  public var latitude: Double
  /// Longitude in degrees, positive east.
  public var longitude: Double
  /// Google place types, most specific first, such as `["cafe", "food", "point_of_interest"]`.
  public var types: [String]
  /// The rating (1.0–5.0) the dataset gives, if any.
  public var rating: Double?
  /// The number of ratings the dataset gives, if any.
  public var userRatingsTotal: Int?
  /// The price level (0–4), if known.
  public var priceLevel: Int?
  /// `OPERATIONAL`, `CLOSED_TEMPORARILY` or `CLOSED_PERMANENTLY`.
  public var businessStatus: String
  /// Whether the place is open now, if known.
  public var openNow: Bool?
  /// A short address such as `Eerikinkatu 10, Helsinki`, if known.
  public var vicinity: String?
  /// Extra lowercase words a keyword matches, such as OSM cuisines (`pizza`, `italian`).
  public var keywords: [String]

  /// Creates a place.
  public init(
    id: String,
    name: String,
    latitude: Double,
    longitude: Double,
    types: [String] = ["point_of_interest", "establishment"],
    rating: Double? = nil,
    userRatingsTotal: Int? = nil,
    priceLevel: Int? = nil,
    businessStatus: String = "OPERATIONAL",
    openNow: Bool? = nil,
    vicinity: String? = nil,
    keywords: [String] = []
  ) {
    self.id = id
    self.name = name
    self.latitude = latitude
    self.longitude = longitude
    self.types = types
    self.rating = rating
    self.userRatingsTotal = userRatingsTotal
    self.priceLevel = priceLevel
    self.businessStatus = businessStatus
    self.openNow = openNow
    self.vicinity = vicinity
    self.keywords = keywords
  }

  /// Whether the business is closed, temporarily or for good.
  public var isClosed: Bool { businessStatus.hasPrefix("CLOSED") }

  /// The rating served and ranked on: the dataset's, or a stable one (1.0–5.0) from the id.
  public var prominenceRating: Double {
    if let rating { return rating }
    return Double(10 + StableHash.fnv1a(id) % 41) / 10
  }

  /// The ratings count served and ranked on: the dataset's, or a stable one (0–1999) from the id.
  public var prominenceRatingsTotal: Int {
    if let userRatingsTotal { return userRatingsTotal }
    return Int((StableHash.fnv1a(id) >> 20) % 2000)
  }

  /// The prominence score: rating × ln(1 + ratings count). Higher ranks first.
  public var prominence: Double {
    prominenceRating * log1p(Double(prominenceRatingsTotal))
  }
}
