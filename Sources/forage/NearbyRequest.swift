import ArgumentParser
import ForageGeo

/// A validated `forage nearby` request.
struct NearbyRequest {
  /// Where the search happens: around a point or along a track file.
  enum Origin {
    /// Within the radius of one coordinate.
    case point(Coordinate)
    /// Within the radius of a track read from a file.
    case track(path: String)
  }

  /// The places dataset path.
  var places: String
  /// The search origin.
  var origin: Origin
  /// The radius in metres, 0 < radius ≤ 50 000.
  var radius: Double
  /// The most places to print.
  var limit: Int
  /// The type to keep, if any.
  var type: String?
  /// The output format.
  var format: NearbyFormat

  /// The largest radius a Places query accepts.
  static let maximumRadius = 50_000.0

  /// Validates the raw options.
  ///
  /// - Throws: ``NearbyError/usage(_:)`` with a one-line message for the first bad option.
  init(
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
    guard let format = NearbyFormat(rawValue: format) else {
      throw .usage("--format: '\(format)' is not one of ndjson, json, table, geojson")
    }
    self.format = format
  }
}

/// Why `forage nearby` stopped, with the exit code that says so.
enum NearbyError: Error {
  /// The options are wrong (exit 64).
  case usage(String)
  /// An input file's content is wrong (exit 65).
  case data(String)
  /// An input file cannot be read (exit 74).
  case io(String)

  /// The one-line message.
  var message: String {
    switch self {
    case .usage(let text), .data(let text), .io(let text): text
    }
  }

  /// The sysexits code.
  var exitCode: ExitCode {
    switch self {
    case .usage: Sysexits.usage
    case .data: Sysexits.dataError
    case .io: Sysexits.ioError
    }
  }
}
