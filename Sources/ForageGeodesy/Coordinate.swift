/// A validated point on the WGS84 ellipsoid: latitude and longitude in degrees.
///
/// A coordinate always holds a finite latitude in −90…90 and a finite longitude in −180…180;
/// the throwing initializer is the only way to make one from untrusted numbers.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
  /// The latitude in degrees, positive north, in −90…90.
  public let latitude: Double
  /// The longitude in degrees, positive east, in −180…180.
  public let longitude: Double

  /// Creates a coordinate after checking that both values are finite and in range.
  ///
  /// - Parameters:
  ///   - latitude: Degrees north, −90…90.
  ///   - longitude: Degrees east, −180…180.
  /// - Throws: ``CoordinateError`` naming the value that is out of range or not a number.
  public init(latitude: Double, longitude: Double) throws(CoordinateError) {
    guard latitude.isFinite, (-90...90).contains(latitude) else {
      throw .latitudeOutOfRange(latitude)
    }
    guard longitude.isFinite, (-180...180).contains(longitude) else {
      throw .longitudeOutOfRange(longitude)
    }
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Creates a coordinate from values already known to be valid, wrapping the longitude.
  ///
  /// Used for results of geodesic computations, which are finite by construction.
  public init(unchecked latitude: Double, longitude: Double) {
    self.latitude = min(90, max(-90, latitude))
    var wrapped = longitude.truncatingRemainder(dividingBy: 360)
    if wrapped > 180 { wrapped -= 360 } else if wrapped < -180 { wrapped += 360 }
    self.longitude = wrapped
  }

  /// The coordinate as `lat,lon`, the form the command line accepts.
  public var description: String { "\(latitude),\(longitude)" }
}

/// Why a pair of numbers is not a coordinate.
public enum CoordinateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The latitude is not a finite number in −90…90.
  case latitudeOutOfRange(Double)
  /// The longitude is not a finite number in −180…180.
  case longitudeOutOfRange(Double)
  /// The text is not two comma-separated numbers.
  case malformed(String)

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .latitudeOutOfRange(let value):
      "latitude \(value) is not a number between -90 and 90"
    case .longitudeOutOfRange(let value):
      "longitude \(value) is not a number between -180 and 180"
    case .malformed(let text):
      "'\(text)' is not a coordinate; expected LAT,LON in decimal degrees, e.g. 60.17,24.94"
    }
  }
}

extension Coordinate {
  /// Parses `LAT,LON` in decimal degrees, such as `60.1699,24.9384`.
  ///
  /// - Parameter text: Two numbers separated by a comma; spaces around them are allowed.
  /// - Throws: ``CoordinateError`` when the text is malformed or a value is out of range.
  public init(parsing text: String) throws(CoordinateError) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2,
      let latitude = Double(parts[0].trimmingSpaces),
      let longitude = Double(parts[1].trimmingSpaces)
    else { throw .malformed(text) }
    try self.init(latitude: latitude, longitude: longitude)
  }
}

extension Substring {
  /// The text without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: Substring {
    var result = self
    while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
    while let last = result.last, last == " " || last == "\t" { result.removeLast() }
    return result
  }
}
