import ForageSupport

/// One place in a `places` event: what a script needs, nearest first.
public struct PlaceResult: Sendable, Equatable {
  /// The provider's stable id (`place_id` for Google).
  public var id: String
  /// The display name.
  public var name: String
  /// Latitude in degrees.
  public var latitude: Double
  /// Longitude in degrees.
  public var longitude: Double
  /// The geodesic (WGS84) distance from the fix, in metres.
  public var distance: Double
  /// The average rating, 1.0 to 5.0, when known.
  public var rating: Double?
  /// The provider's types, when known.
  public var types: [String]?
  /// A short address, when known.
  public var vicinity: String?
  /// Whether the place is open now, when known.
  public var isOpenNow: Bool?

  /// Creates a place result.
  public init(
    id: String,
    name: String,
    latitude: Double,
    longitude: Double,
    distance: Double,
    rating: Double? = nil,
    types: [String]? = nil,
    vicinity: String? = nil,
    isOpenNow: Bool? = nil
  ) {
    self.id = id
    self.name = name
    self.latitude = latitude
    self.longitude = longitude
    self.distance = distance
    self.rating = rating
    self.types = types
    self.vicinity = vicinity
    self.isOpenNow = isOpenNow
  }

  /// The JSON object written in `places` events, the value ``write(to:)`` writes.
  public var json: JSONValue { JSONValue.parsing(written: write(to:)) }
}
