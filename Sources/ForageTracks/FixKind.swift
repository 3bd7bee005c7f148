/// What a track file called a point: GPX tells track points, route points and waypoints apart.
///
/// Formats without that distinction (NMEA, CSV, GeoJSON) produce ``trackPoint`` only.
public enum FixKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// A recorded position (`trkpt`, an NMEA fix, a CSV row, a GeoJSON coordinate).
  case trackPoint = "track_point"
  /// A planned position on a route (`rtept`).
  case routePoint = "route_point"
  /// A standalone waypoint (`wpt`); Xcode replays these in time order.
  case waypoint
}

extension FixKind {
  /// The kinds a run replays, best first: the track, else the route, else the waypoints.
  public static let replayOrder: [FixKind] = [.trackPoint, .routePoint, .waypoint]

  /// The kind a run replays from a file that holds these fixes: the first of ``replayOrder``
  /// that has any.
  ///
  /// `forage run`, `forage nearby --track` and `forage validate` all choose with this rule, so
  /// they count the same fixes of one file.
  ///
  /// - Parameter counts: The usable fixes of each kind.
  /// - Returns: The kind to replay, or `nil` when there is no fix at all.
  public static func replayed(from counts: [FixKind: Int]) -> FixKind? {
    replayOrder.first { counts[$0, default: 0] > 0 }
  }
}
