import ForageGeodesy

/// A place to eat or drink: the one place value every part of Forage shares.
///
/// Providers make it from their answers, the places dataset from its file, the finder keeps it in
/// its coverage cache and its cache file, and every writer and recording reads it. Only the id and
/// the coordinate are always present; every other field is `nil` (or empty) when the source left
/// it out. A place holds values only: nothing is measured or written when a field is read, and
/// two places are equal when their fields are.
public struct Place: Sendable, Hashable, Identifiable {
  /// The source's stable id, such as Google's `place_id` or `osm-node-1007416273`.
  public var id: String
  /// The display name, or `nil` when the source has none (an OpenStreetMap `amenity` often has
  /// no `name` and is still a place). Every output writes a missing name as JSON `null`.
  public var name: String?
  /// Where the place is.
  public var coordinate: Coordinate
  /// The average rating, 0.0–5.0, when known.
  public var rating: Double?
  /// How many ratings the average is over, when known.
  public var userRatingsTotal: Int?
  /// The price level, 0 (free) to 4 (very expensive), when known.
  public var priceLevel: Int?
  /// The place types, most specific first, such as `["cafe", "food", "point_of_interest"]`.
  public var types: [String]
  /// A short address such as `Eerikinkatu 10, Helsinki`, when known.
  public var vicinity: String?
  /// Whether the place was open when the source was asked (Google's `open_now`), when known.
  public var openNow: Bool?
  /// Whether the business is trading, when known.
  public var businessStatus: BusinessStatus?
  /// The opening hours the source gave, when it gave any (`open_at_fix` is read from them).
  public var openingHours: PlaceHours?
  /// Extra lowercase words a keyword search matches, such as OpenStreetMap cuisines (`pizza`).
  public var keywords: [String]
  /// Every other scalar property the source gave, as text (OpenStreetMap tags such as
  /// `cuisine`).
  public var properties: [String: String]
  /// Where Forage got the place from.
  public var provenance: PlaceProvenance

  /// The name for a person to read: ``name``, or `(no name)` when there is none (JSON has
  /// `null` instead).
  public var displayName: String { name ?? "(no name)" }

  /// Creates a place; an empty `name` is no name (`nil`), the one way a missing name is held.
  public init(
    id: String,
    name: String?,
    coordinate: Coordinate,
    rating: Double? = nil,
    userRatingsTotal: Int? = nil,
    priceLevel: Int? = nil,
    types: [String] = [],
    vicinity: String? = nil,
    openNow: Bool? = nil,
    businessStatus: BusinessStatus? = nil,
    openingHours: PlaceHours? = nil,
    keywords: [String] = [],
    properties: [String: String] = [:],
    provenance: PlaceProvenance
  ) {
    self.id = id
    self.name = name?.isEmpty == false ? name : nil
    self.coordinate = coordinate
    self.rating = rating
    self.userRatingsTotal = userRatingsTotal
    self.priceLevel = priceLevel
    self.types = types
    self.vicinity = vicinity
    self.openNow = openNow
    self.businessStatus = businessStatus
    self.openingHours = openingHours
    self.keywords = keywords
    self.properties = properties
    self.provenance = provenance
  }

  /// Latitude in degrees, positive north.
  public var latitude: Double { coordinate.latitude }
  /// Longitude in degrees, positive east.
  public var longitude: Double { coordinate.longitude }

  /// Whether the business is closed, temporarily or for good.
  public var isClosed: Bool { businessStatus?.isClosed ?? false }

  /// Whether the place is of a kind, compared without regard to case.
  public func hasType(_ type: String) -> Bool {
    types.contains { $0.caseInsensitiveCompare(type) == .orderedSame }
  }
}
