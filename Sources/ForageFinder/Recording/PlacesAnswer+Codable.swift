import ForageSupport

/// An answer as JSON object members: `fix_index`, `lat`, `lon`, `radius_m`, `source` (`network`
/// or `cache`) and `places`, an array of ``PlaceResult`` objects nearest first.
///
/// Reading refuses a negative fix index or radius and a position off the globe.
extension PlacesAnswer: Codable {
  /// The members' names, stable across versions.
  enum CodingKeys: String, CodingKey {
    case fixIndex = "fix_index"
    case latitude = "lat"
    case longitude = "lon"
    case radius = "radius_m"
    case source
    case places
  }

  /// Reads an answer, refusing impossible values.
  ///
  /// - Throws: `DecodingError` naming the member and what was expected.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      fixIndex: try container.decode(Int.self, forKey: .fixIndex, atLeast: 0),
      latitude: try container.decode(Double.self, forKey: .latitude, in: -90...90),
      longitude: try container.decode(Double.self, forKey: .longitude, in: -180...180),
      radius: try container.decode(
        Double.self,
        forKey: .radius,
        in: 0...(.greatestFiniteMagnitude)
      ),
      source: try container.decodeCase(FinderEvent.Source.self, forKey: .source),
      places: try container.decode([PlaceResult].self, forKey: .places)
    )
  }

  /// Writes the answer's members.
  ///
  /// - Throws: `EncodingError` for a value JSON cannot hold (not a number, infinite).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(fixIndex, forKey: .fixIndex)
    try container.encode(latitude, forKey: .latitude)
    try container.encode(longitude, forKey: .longitude)
    try container.encode(radius, forKey: .radius)
    try container.encode(source.rawValue, forKey: .source)
    try container.encode(places, forKey: .places)
  }
}
