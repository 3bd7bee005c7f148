/// A place a Places API returned: a restaurant, a café, a bar.
///
/// Only the id, name and coordinate are always present; every other field is `nil` (or empty)
/// when the API left it out.
public struct Place: Sendable, Hashable, Identifiable, Codable {
  /// The provider's stable id (Google's `place_id`).
  public var id: String
  /// The display name.
  public var name: String
  /// Where the place is.
  public var coordinate: PlaceCoordinate
  /// The average rating, 1.0–5.0.
  public var rating: Double?
  /// How many ratings the average is over.
  public var userRatingsTotal: Int?
  /// The price level, 0 (free) to 4 (very expensive).
  public var priceLevel: Int?
  /// The place types, most specific first, such as `["cafe", "food", "point_of_interest"]`.
  public var types: [String]
  /// A short address such as `Eerikinkatu 10, Helsinki`.
  public var vicinity: String?
  /// Whether the place is open at the time of the query.
  public var openNow: Bool?
  /// Whether the business is trading.
  public var businessStatus: BusinessStatus?

  /// Creates a place.
  public init(
    id: String,
    name: String,
    coordinate: PlaceCoordinate,
    rating: Double? = nil,
    userRatingsTotal: Int? = nil,
    priceLevel: Int? = nil,
    types: [String] = [],
    vicinity: String? = nil,
    openNow: Bool? = nil,
    businessStatus: BusinessStatus? = nil
  ) {
    self.id = id
    self.name = name
    self.coordinate = coordinate
    self.rating = rating
    self.userRatingsTotal = userRatingsTotal
    self.priceLevel = priceLevel
    self.types = types
    self.vicinity = vicinity
    self.openNow = openNow
    self.businessStatus = businessStatus
  }
}
