import ForageGeodesy
import ForageHours
import ForageNearby
import ForageProviders
import ForageSupport
import ForageTracks
import ForageWriters
import Foundation

extension NearbyRequest {
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
  /// - Returns: The request, and the output format (which the request does not need).
  /// - Throws: ``NearbyUsageError`` with a one-line message for the first bad option.
  static func parsing(
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
  ) throws(NearbyUsageError) -> (request: NearbyRequest, format: OutputFormat) {
    let origin: Origin
    switch (at, along) {
    case (let at?, nil):
      do {
        origin = .point(try Coordinate(parsing: at))
      } catch {
        throw NearbyUsageError("--at: \(error.description)")
      }
    case (nil, let along?):
      origin = .track(path: along)
    case (nil, nil):
      throw NearbyUsageError("give --at LAT,LON or --along TRACK")
    case (_?, _?):
      throw NearbyUsageError("give either --at or --along, not both")
    }
    let largest = NearbySearch.maximumRadius
    guard let metres = Double(radius), metres.isFinite, metres > 0, metres <= largest
    else {
      throw NearbyUsageError(
        "--radius: '\(radius)' is not a number of metres above 0 and at most \(Int(largest))"
      )
    }
    var count = Int.max
    if let limit {
      guard let given = Int(limit), given > 0 else {
        throw NearbyUsageError("--limit: '\(limit)' is not a whole number above 0")
      }
      count = given
    }
    guard let format = OutputFormat(rawValue: format), format != .html else {
      throw NearbyUsageError("--format: '\(format)' is not one of ndjson, json, table, geojson")
    }
    var instant: Date?
    if let time {
      guard let parsed = Timestamp.parse(time) else {
        throw NearbyUsageError(
          "--time: '\(TerminalText.escaped(time))' is not an ISO 8601 time such as "
            + "2026-06-12T21:40:00Z"
        )
      }
      // Without Z or an offset the time would be read as UTC, and the answers hours off for a
      // user who meant local time.
      let clock = time.split(whereSeparator: { $0 == "T" || $0 == "t" || $0 == " " }).last ?? ""
      guard clock.contains(where: { "Zz+-".contains($0) }) else {
        throw NearbyUsageError(
          "--time: '\(TerminalText.escaped(time))' has no zone; end it with Z or an offset "
            + "such as +03:00"
        )
      }
      instant = parsed
    }
    var zone: TimeZone?
    if let timeZone {
      do {
        zone = try TimeZoneName.zone(named: timeZone)
      } catch {
        throw NearbyUsageError("--timezone \(error.description)")
      }
    }
    guard !isOpenOnly || instant != nil else {
      throw NearbyUsageError(
        "--open needs --time: open is told at a time, such as 2026-06-12T21:40:00Z"
      )
    }
    guard instant != nil || (timeZone == nil && publicHolidays == nil) else {
      throw NearbyUsageError(
        "--\(timeZone != nil ? "timezone" : "public-holidays") needs --time: open is told at "
          + "a time, such as 2026-06-12T21:40:00Z"
      )
    }
    let request = NearbyRequest(
      places: places,
      origin: origin,
      radius: metres,
      limit: count,
      type: type,
      time: instant,
      timeZone: zone,
      isOpenOnly: isOpenOnly,
      publicHolidays: publicHolidays
    )
    return (request, format)
  }
}
