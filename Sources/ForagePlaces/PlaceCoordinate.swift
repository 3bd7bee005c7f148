/// A point on WGS84 in degrees: where a place is, or where a search is centred.
public struct PlaceCoordinate: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Latitude in degrees, positive north (−90…90).
  public var latitude: Double
  /// Longitude in degrees, positive east (−180…180).
  public var longitude: Double

  /// Creates a coordinate.
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Whether both values are finite and within their ranges.
  public var isValid: Bool {
    latitude.isFinite && longitude.isFinite && (-90.0...90.0).contains(latitude)
      && (-180.0...180.0).contains(longitude)
  }

  /// `lat,lng` with each value in its shortest exact decimal form, as the wire formats want.
  public var description: String { "\(latitude),\(longitude)" }
}
