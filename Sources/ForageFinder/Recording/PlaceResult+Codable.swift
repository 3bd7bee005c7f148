import ForageSupport

/// A place as one JSON object: `id`, `name`, `lat`, `lon`, `distance_m` (unrounded, unlike the
/// output), and `rating`, `types`, `vicinity`, `open_now` when known (absent or `null` when not).
///
/// Reading refuses a position off the globe and a negative distance.
extension PlaceResult: Codable {
  /// The members' names, stable across versions.
  enum CodingKeys: String, CodingKey {
    case id
    case name
    case latitude = "lat"
    case longitude = "lon"
    case distance = "distance_m"
    case rating
    case types
    case vicinity
    case isOpenNow = "open_now"
  }

  /// Reads a place, refusing impossible values.
  ///
  /// - Throws: `DecodingError` naming the member and what was expected.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(String.self, forKey: .id),
      name: try container.decode(String.self, forKey: .name),
      latitude: try container.decode(Double.self, forKey: .latitude, in: -90...90),
      longitude: try container.decode(Double.self, forKey: .longitude, in: -180...180),
      distance: try container.decode(
        Double.self,
        forKey: .distance,
        // Half the way round the Earth is the farthest two points are (20 004 km).
        in: 0...20_100_000
      ),
      rating: try container.decodeIfPresent(Double.self, forKey: .rating),
      types: try container.decodeIfPresent([String].self, forKey: .types),
      vicinity: try container.decodeIfPresent(String.self, forKey: .vicinity),
      isOpenNow: try container.decodeIfPresent(Bool.self, forKey: .isOpenNow)
    )
  }

  /// Writes the place, leaving out what is unknown.
  ///
  /// - Throws: `EncodingError` for a value JSON cannot hold (not a number, infinite).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(latitude, forKey: .latitude)
    try container.encode(longitude, forKey: .longitude)
    try container.encode(distance, forKey: .distance)
    try container.encodeIfPresent(rating, forKey: .rating)
    try container.encodeIfPresent(types, forKey: .types)
    try container.encodeIfPresent(vicinity, forKey: .vicinity)
    try container.encodeIfPresent(isOpenNow, forKey: .isOpenNow)
  }
}
