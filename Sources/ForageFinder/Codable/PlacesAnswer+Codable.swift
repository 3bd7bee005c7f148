import ForageGeodesy
import ForagePlaceModel
import ForageProviders
import ForageSupport

/// An answer as JSON object members: `fix_index`, `lat`, `lon`, `radius_m`, `source` (`network`
/// or `cache`) and `places`, an array of place objects nearest first.
///
/// A place's object has `id`, `lat`, `lon`, `distance_m` (unrounded, unlike the output),
/// `provenance`, `open_at_fix` (`null` when unknown; recordings made before it was kept read as
/// unknown), and `name`, `rating`, `types`, `vicinity`, `open_now` when known (version 1
/// recordings wrote a missing name as `""`, read as none): what the writers print, so a replay prints what the run did. Recordings made
/// before places carried their provenance read as ``ForagePlaceModel/PlaceProvenance/unknown``.
///
/// Reading refuses a negative fix index, a radius of 0 or beyond a search's reach, a distance
/// outside the radius or nearer than the place before, an empty or repeated id, a rating
/// outside 0–5 and a position off the globe.
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

  /// The members of a place's object.
  enum PlaceKeys: String, CodingKey {
    case id
    case name
    case latitude = "lat"
    case longitude = "lon"
    case distance = "distance_m"
    case provenance
    case rating
    case types
    case vicinity
    case openNow = "open_now"
    case openAtFix = "open_at_fix"
  }

  /// Reads an answer, refusing impossible values.
  ///
  /// - Throws: `DecodingError` naming the member and what was expected.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let radius = try container.decode(Double.self, forKey: .radius, in: Self.radii)
    self.init(
      fixIndex: try container.decode(Int.self, forKey: .fixIndex, atLeast: 0),
      latitude: try container.decode(Double.self, forKey: .latitude, in: -90...90),
      longitude: try container.decode(Double.self, forKey: .longitude, in: -180...180),
      radius: radius,
      source: try container.decodeCase(FinderEvent.Source.self, forKey: .source),
      places: try Self.decodePlaces(
        try container.nestedUnkeyedContainer(forKey: .places),
        within: radius
      )
    )
  }

  /// The radii an answer can have: more than nothing, and no more than a search can reach
  /// (``ForageProviders/NearbySearch/maximumRadius``).
  static let radii = Double.ulpOfOne...NearbySearch.maximumRadius

  /// Reads the places, refusing impossible values: an empty id, a rating outside 0–5, a
  /// distance beyond the answer's radius.
  private static func decodePlaces(
    _ list: UnkeyedDecodingContainer,
    within radius: Double
  ) throws -> [NearbyPlace] {
    var list = list
    var places: [NearbyPlace] = []
    var ids = Set<String>()
    while !list.isAtEnd {
      let object = try list.nestedContainer(keyedBy: PlaceKeys.self)
      let place = Place(
        id: try object.decodeNonEmpty(String.self, forKey: .id),
        name: try object.decodeIfPresent(String.self, forKey: .name),
        coordinate: Coordinate(
          unchecked: try object.decode(Double.self, forKey: .latitude, in: -90...90),
          longitude: try object.decode(Double.self, forKey: .longitude, in: -180...180)
        ),
        rating: try object.decodeIfPresent(Double.self, forKey: .rating, in: 0...5),
        types: try object.decodeIfPresent([String].self, forKey: .types) ?? [],
        vicinity: try object.decodeIfPresent(String.self, forKey: .vicinity),
        openNow: try object.decodeIfPresent(Bool.self, forKey: .openNow),
        provenance: try object.decodeIfPresent(PlaceProvenance.self, forKey: .provenance)
          ?? .unknown
      )
      // An answer holds the places within its radius, each once, nearest first.
      let nearer = places.last?.distance ?? 0
      let distance = try object.decode(Double.self, forKey: .distance, in: nearer...radius)
      guard ids.insert(place.id).inserted else {
        throw DecodingError.dataCorruptedError(
          forKey: .id,
          in: object,
          debugDescription: "an id not already in this answer, not \"\(place.id)\" again"
        )
      }
      places.append(
        NearbyPlace(
          place,
          distance: distance,
          openAtFix: try object.decodeIfPresent(Bool.self, forKey: .openAtFix)
        )
      )
    }
    return places
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
    var list = container.nestedUnkeyedContainer(forKey: .places)
    for nearby in places {
      let place = nearby.place
      var object = list.nestedContainer(keyedBy: PlaceKeys.self)
      try object.encode(place.id, forKey: .id)
      try object.encodeIfPresent(place.name, forKey: .name)
      try object.encode(place.latitude, forKey: .latitude)
      try object.encode(place.longitude, forKey: .longitude)
      try object.encode(nearby.distance, forKey: .distance)
      try object.encode(place.provenance, forKey: .provenance)
      try object.encodeIfPresent(place.rating, forKey: .rating)
      if !place.types.isEmpty { try object.encode(place.types, forKey: .types) }
      try object.encodeIfPresent(place.vicinity, forKey: .vicinity)
      try object.encodeIfPresent(place.openNow, forKey: .openNow)
      try object.encode(nearby.openAtFix, forKey: .openAtFix)
    }
  }
}
