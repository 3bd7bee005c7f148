import ForageGeodesy
import ForagePlaceDataset
import ForagePlaceModel
import ForageSpatialIndex

extension PlaceDataset {
  /// More than any geodesic on the WGS84 ellipsoid (about 20 004 km), in metres: the bound of
  /// the first search.
  private static let beyondAnyDistance = 20_100_000.0

  /// The shortest geodesic distance from any of `points` to any place of the dataset, in
  /// metres, or `nil` when there are no points or no places.
  ///
  /// Every point asks a ``ForageSpatialIndex/SpatialIndex`` only for a place nearer than the
  /// best distance so far, so the whole costs about one nearest-place query a point. A caller
  /// that only needs to know whether every point is farther than some distance passes it as
  /// `enough`: the search stops at the first distance at most that, and returns it.
  ///
  /// - Parameters:
  ///   - points: The positions, such as a track's fixes.
  ///   - enough: A distance small enough to stop at, in metres; 0 (the default) finds the
  ///     shortest.
  /// - Returns: The shortest distance found, exact to the geodesic.
  public func shortestDistance(
    from points: some Sequence<Coordinate>,
    stoppingAt enough: Double = 0
  ) -> Double? {
    guard !places.isEmpty else { return nil }
    let index = SpatialIndex(places)
    var best: Double?
    for point in points {
      let bound = best ?? Self.beyondAnyDistance
      guard let nearest = index.nearest(1, within: bound, of: point).first else { continue }
      let distance = nearest.distance()
      if distance < bound || best == nil { best = distance }
      if distance <= enough { break }
    }
    return best
  }
}
