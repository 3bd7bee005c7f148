import ForageGeodesy
import ForagePlaceModel

/// How far a capped nearest-first search counts as complete: just short of its farthest place,
/// since providers measure distance their own way.
enum CappedCoverage {
  /// How much of the farthest result's distance a capped search may claim as covered.
  static let shrink = 0.995

  /// A margin taken off that, in metres.
  static let margin = 1.0

  /// The covered radius of a capped search whose farthest place lies `farthest` metres away.
  static func radius(reaching farthest: Double) -> Double {
    farthest * shrink - margin
  }

  /// How far a capped search around `centre` that found `found` is complete (0 at the least).
  static func radius(of found: [Place], around centre: Coordinate) -> Double {
    let farthest = found.map { Geodesic.distance(centre, $0.coordinate) }.max() ?? 0
    return max(0, radius(reaching: farthest))
  }
}
