import ForageGeodesy
import ForageWriters

/// A validated `forage nearby` request: which places file, around what, how far, how many.
public struct NearbyRequest: Sendable {
  /// Where the search happens: around a point or along a track file.
  public enum Origin: Sendable, Equatable {
    /// Within the radius of one coordinate.
    case point(Coordinate)
    /// Within the radius of a track read from a file.
    case track(path: String)
  }

  /// The places dataset path.
  public var places: String
  /// The search origin.
  public var origin: Origin
  /// The radius in metres, 0 < radius ≤ 50 000.
  public var radius: Double
  /// The most places to list.
  public var limit: Int
  /// The type to keep, if any.
  public var type: String?
  /// The output format.
  public var format: OutputFormat

  /// The largest radius a Places query accepts.
  public static let maximumRadius = 50_000.0

  /// Validates the options as the user typed them.
  ///
  /// - Parameters:
  ///   - places: The dataset path.
  ///   - at: `LAT,LON`, or `nil` with `along`.
  ///   - along: A track path, or `nil` with `at`.
  ///   - radius: Metres, above 0 and at most 50 000.
  ///   - limit: A whole number above 0, or `nil` for no limit.
  ///   - type: A place type such as `restaurant`, or `nil` for any.
  ///   - format: `ndjson`, `json`, `table` or `geojson`.
  /// - Throws: ``NearbyError/usage(_:)`` with a one-line message for the first bad option.
  public init(
    places: String,
    at: String?,
    along: String?,
    radius: String,
    limit: String?,
    type: String?,
    format: String
  ) throws(NearbyError) {
    self.places = places
    switch (at, along) {
    case (let at?, nil):
      do {
        origin = .point(try Coordinate(parsing: at))
      } catch {
        throw .usage("--at: \(error.description)")
      }
    case (nil, let along?):
      origin = .track(path: along)
    case (nil, nil):
      throw .usage("give --at LAT,LON or --along TRACK")
    case (_?, _?):
      throw .usage("give either --at or --along, not both")
    }
    guard let metres = Double(radius), metres.isFinite, metres > 0, metres <= Self.maximumRadius
    else {
      throw .usage("--radius: '\(radius)' is not a number of metres above 0 and at most 50000")
    }
    self.radius = metres
    if let limit {
      guard let count = Int(limit), count > 0 else {
        throw .usage("--limit: '\(limit)' is not a whole number above 0")
      }
      self.limit = count
    } else {
      self.limit = .max
    }
    self.type = type
    guard let format = OutputFormat(rawValue: format), format != .html else {
      throw .usage("--format: '\(format)' is not one of ndjson, json, table, geojson")
    }
    self.format = format
  }
}
