import ForageGeodesy

/// A place as one JSON object, as the finder's places cache file keeps it: `id`, `name`,
/// `coordinate` (`latitude`, `longitude`), `provenance`, and the other fields under their Swift
/// names when known.
///
/// Reading refuses a coordinate off the globe.
extension Place: Codable {
  /// The members' names, stable across versions.
  enum CodingKeys: String, CodingKey {
    case id
    case name
    case coordinate
    case rating
    case userRatingsTotal
    case priceLevel
    case types
    case vicinity
    case openNow
    case businessStatus
    case openingHours
    case keywords
    case properties
    case provenance
  }

  /// The members of `coordinate`.
  enum CoordinateKeys: String, CodingKey {
    case latitude
    case longitude
  }

  /// Reads a place.
  ///
  /// - Throws: `DecodingError` naming the member that is missing or impossible.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let position = try container.nestedContainer(keyedBy: CoordinateKeys.self, forKey: .coordinate)
    let coordinate: Coordinate
    do {
      coordinate = try Coordinate(
        latitude: try position.decode(Double.self, forKey: .latitude),
        longitude: try position.decode(Double.self, forKey: .longitude)
      )
    } catch let error as CoordinateError {
      throw DecodingError.dataCorruptedError(
        forKey: .coordinate,
        in: container,
        debugDescription: error.description
      )
    }
    self.init(
      id: try container.decode(String.self, forKey: .id),
      name: try container.decodeIfPresent(String.self, forKey: .name),
      coordinate: coordinate,
      rating: try container.decodeIfPresent(Double.self, forKey: .rating),
      userRatingsTotal: try container.decodeIfPresent(Int.self, forKey: .userRatingsTotal),
      priceLevel: try container.decodeIfPresent(Int.self, forKey: .priceLevel),
      types: try container.decodeIfPresent([String].self, forKey: .types) ?? [],
      vicinity: try container.decodeIfPresent(String.self, forKey: .vicinity),
      openNow: try container.decodeIfPresent(Bool.self, forKey: .openNow),
      businessStatus: try container.decodeIfPresent(BusinessStatus.self, forKey: .businessStatus),
      openingHours: try container.decodeIfPresent(PlaceHours.self, forKey: .openingHours),
      keywords: try container.decodeIfPresent([String].self, forKey: .keywords) ?? [],
      properties: try container.decodeIfPresent([String: String].self, forKey: .properties) ?? [:],
      provenance: try container.decode(PlaceProvenance.self, forKey: .provenance)
    )
  }

  /// Writes the place, leaving out what is unknown or empty.
  ///
  /// - Throws: `EncodingError` for a value JSON cannot hold (a rating that is not a number).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(name, forKey: .name)
    var position = container.nestedContainer(keyedBy: CoordinateKeys.self, forKey: .coordinate)
    try position.encode(coordinate.latitude, forKey: .latitude)
    try position.encode(coordinate.longitude, forKey: .longitude)
    try container.encodeIfPresent(rating, forKey: .rating)
    try container.encodeIfPresent(userRatingsTotal, forKey: .userRatingsTotal)
    try container.encodeIfPresent(priceLevel, forKey: .priceLevel)
    if !types.isEmpty { try container.encode(types, forKey: .types) }
    try container.encodeIfPresent(vicinity, forKey: .vicinity)
    try container.encodeIfPresent(openNow, forKey: .openNow)
    try container.encodeIfPresent(businessStatus, forKey: .businessStatus)
    try container.encodeIfPresent(openingHours, forKey: .openingHours)
    if !keywords.isEmpty { try container.encode(keywords, forKey: .keywords) }
    if !properties.isEmpty { try container.encode(properties, forKey: .properties) }
    try container.encode(provenance, forKey: .provenance)
  }
}
