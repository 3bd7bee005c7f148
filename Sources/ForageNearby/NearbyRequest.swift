import ForageGeodesy
import ForageHours
import ForageProviders
import ForageSupport
import ForageTracks
import ForageWriters
import Foundation

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
  /// The time `open_at_fix` is told at (`--time`), or `nil`: then only hours that are the same
  /// at every time (`24/7`, `off`) tell it.
  public var time: Date?
  /// The zone OpenStreetMap hours are read in (`--timezone`), or `nil`.
  public var timeZone: TimeZone?
  /// Whether only places open at ``time`` are listed (`--open`).
  public var isOpenOnly: Bool
  /// The holiday calendar file (`--public-holidays`), read when the search starts, or `nil`.
  public var publicHolidays: String?

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
  ///   - time: An ISO 8601 time such as `2026-06-12T21:40:00Z`, or `nil`.
  ///   - timeZone: An IANA zone name such as `Europe/Helsinki`, or `nil`.
  ///   - isOpenOnly: Whether to list only places open at `time` (which it then needs).
  /// - Throws: ``NearbyError/usage(_:)`` with a one-line message for the first bad option.
  public init(
    places: String,
    at: String?,
    along: String?,
    radius: String,
    limit: String?,
    type: String?,
    format: String,
    time: String? = nil,
    timeZone: String? = nil,
    isOpenOnly: Bool = false,
    publicHolidays: String? = nil
  ) throws(NearbyError) {
    self.publicHolidays = publicHolidays
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
    let largest = NearbySearch.maximumRadius
    guard let metres = Double(radius), metres.isFinite, metres > 0, metres <= largest
    else {
      throw .usage(
        "--radius: '\(radius)' is not a number of metres above 0 and at most \(Int(largest))"
      )
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
    if let time {
      guard let instant = Timestamp.parse(time) else {
        throw .usage(
          "--time: '\(TerminalText.escaped(time))' is not an ISO 8601 time such as "
            + "2026-06-12T21:40:00Z"
        )
      }
      // Without Z or an offset the time would be read as UTC, and the answers hours off for a
      // user who meant local time.
      let clock = time.split(whereSeparator: { $0 == "T" || $0 == "t" || $0 == " " }).last ?? ""
      guard clock.contains(where: { "Zz+-".contains($0) }) else {
        throw .usage(
          "--time: '\(TerminalText.escaped(time))' has no zone; end it with Z or an offset "
            + "such as +03:00"
        )
      }
      self.time = instant
    } else {
      self.time = nil
    }
    if let timeZone {
      do {
        self.timeZone = try TimeZoneName.zone(named: timeZone)
      } catch {
        throw .usage("--timezone \(error.description)")
      }
    } else {
      self.timeZone = nil
    }
    guard !isOpenOnly || self.time != nil else {
      throw .usage("--open needs --time: open is told at a time, such as 2026-06-12T21:40:00Z")
    }
    guard self.time != nil || (timeZone == nil && publicHolidays == nil) else {
      throw .usage(
        "--\(timeZone != nil ? "timezone" : "public-holidays") needs --time: open is told at "
          + "a time, such as 2026-06-12T21:40:00Z"
      )
    }
    self.isOpenOnly = isOpenOnly
  }
}
