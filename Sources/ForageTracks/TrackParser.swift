import Foundation

/// What a format parser produces before the defect policies of ``TrackReadOptions`` run.
enum ParsedItem {
  /// A point as the file gave it; `segment` is the file's own segment number.
  case point(Fix)
  /// A defect found while parsing (checksum errors, binary noise, empty segments).
  case defect(TrackDefect)
  /// When the file says it was made (GPX `<metadata><time>`): where made-up times start.
  case documentTime(Date)
}

/// The counts a parser keeps of what the file held, before any policy.
public struct TrackFileCounts: Sendable, Hashable, Codable {
  /// GPX `trkpt` elements, or the points of other formats.
  public var trackPoints = 0
  /// GPX `rtept` elements.
  public var routePoints = 0
  /// GPX `wpt` elements.
  public var waypoints = 0
  /// GPX `trkseg` elements (empty ones included), GeoJSON lines, or 1 for NMEA and CSV data.
  public var trackSegments = 0
  /// GPX `rte` elements.
  public var routes = 0
  /// NMEA sentences with a good checksum, CSV data rows, GeoJSON features.
  public var records = 0

  /// Every point the file held: track points, route points and waypoints.
  public var points: Int { trackPoints + routePoints + waypoints }

  /// Creates empty counts.
  public init() {}
}

/// A streaming parser for one track format (a value type, so its per-byte state needs no
/// exclusivity checks).
protocol TrackParser {
  /// Returns the next item, or `nil` at the end of the file.
  mutating func next() throws(TrackError) -> ParsedItem?
  /// What the file held so far.
  var counts: TrackFileCounts { get }
}
