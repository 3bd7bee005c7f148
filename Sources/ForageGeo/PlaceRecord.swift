/// A place from a dataset: an eatery with an identifier, a name, a position and its tags.
public struct PlaceRecord: SpatialItem, Equatable, Sendable {
  /// A stable identifier, such as `osm-node-1007416273`.
  public var id: String
  /// The display name, when the dataset has one.
  public var name: String?
  /// Where the place is.
  public var coordinate: Coordinate
  /// The kinds of place, such as `restaurant` or `cafe` (from `types` or OSM's `amenity`).
  public var types: [String]
  /// The average rating, 1.0–5.0, when the dataset has one.
  public var rating: Double?
  /// Every other scalar property of the feature, as text (OSM tags such as `cuisine`).
  public var properties: [String: String]

  /// Creates a place record.
  public init(
    id: String,
    name: String? = nil,
    coordinate: Coordinate,
    types: [String] = [],
    rating: Double? = nil,
    properties: [String: String] = [:]
  ) {
    self.id = id
    self.name = name
    self.coordinate = coordinate
    self.types = types
    self.rating = rating
    self.properties = properties
  }

  /// Whether the place is of a kind, compared without regard to case.
  public func hasType(_ type: String) -> Bool {
    types.contains { $0.caseInsensitiveCompare(type) == .orderedSame }
  }
}
