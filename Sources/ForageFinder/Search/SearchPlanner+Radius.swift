import ForageGeodesy
import ForageProviders

extension SearchPlanner {
  /// How many fixes ahead a search within a radius is meant to serve, at the pace of the recent
  /// fixes: a walk at 1.4 m/s asks for R + 84 m and the margin, centred 84 m ahead.
  static let fixesAhead = 120.0
  /// How much more than R a search within a radius asks at the least: the larger of these
  /// metres and this part of R, so that GPS noise around a receiver standing still (or not yet
  /// known to move) stays inside the first disk, and a fix a little off the predicted way inside
  /// the planned one.
  static let radiusMargin = (metres: 20.0, fraction: 0.1)
  /// How many times R a search within a radius asks for at the most (the answer grows with the
  /// area; the API's own limit, 50 km, applies too).
  static let largestRadiusFactor = 4.0

  /// The next search for a fix, where a search returns every place within the radius it asks
  /// (Overpass; a search by prominence while it is not capped): ahead of the fix by half the way
  /// it will move over the next ``fixesAhead`` fixes, asking R plus that half and a margin, so
  /// that one disk holds the disk of R around each of those fixes; at the fix, with only the
  /// margin, while it stands still.
  ///
  /// After a search that covered nothing (capped), at the fix with R: a larger disk would only
  /// be capped again.
  ///
  /// - Parameters:
  ///   - fix: The fix that needs a search.
  ///   - radius: R, the radius every answer is asked within.
  func radiusPlan(for fix: Coordinate, radius: Double) -> Plan {
    if let last = searches.last, last.radius == 0 { return Plan(centre: fix, enoughRadius: nil) }
    let largest = min(NearbySearch.maximumRadius, Self.largestRadiusFactor * radius)
    let margin = max(Self.radiusMargin.metres, Self.radiusMargin.fraction * radius)
    guard let (plane, back, moved, steps) = movement(to: fix) else {
      return Plan(centre: fix, enoughRadius: min(largest, radius + margin))
    }
    let ahead = min(
      moved / Double(steps) * Self.fixesAhead / 2,
      max(0, largest - radius - margin)
    )
    let heading = PlanarPoint(x: -back.x / moved * ahead, y: -back.y / moved * ahead)
    return Plan(
      centre: plane.unproject(heading),
      enoughRadius: min(largest, radius + ahead + margin)
    )
  }
}
