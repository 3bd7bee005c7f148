/// What a track file called a point: GPX tells track points, route points and waypoints apart.
///
/// Formats without that distinction (NMEA, CSV, GeoJSON) produce ``trackPoint`` only.
public enum FixKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// A recorded position (`trkpt`, an NMEA fix, a CSV row, a GeoJSON coordinate).
  case trackPoint
  /// A planned position on a route (`rtept`).
  case routePoint
  /// A standalone waypoint (`wpt`); Xcode replays these in time order.
  case waypoint
}
