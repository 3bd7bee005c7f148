import ForageGeodesy

/// The geodesic between two fixes, for tests that are monotone in the distance (a speed limit,
/// a distance filter): bracketed by the chord (``GeodesicBracket``) when both positions are valid
/// coordinates, so `geod_inverse` runs only for a test the bracket cannot settle.
public struct FixSeparation: Sendable {
  private let bracket: GeodesicBracket?
  private let from: Fix
  private let to: Fix

  /// Brackets the geodesic from one fix to another.
  public init(_ from: Fix, _ to: Fix) {
    self.from = from
    self.to = to
    if let start = try? Coordinate(latitude: from.latitude, longitude: from.longitude),
      let end = try? Coordinate(latitude: to.latitude, longitude: to.longitude)
    {
      bracket = GeodesicBracket(start, end)
    } else {
      bracket = nil
    }
  }

  /// The exact geodesic distance in metres (``Geodesic/distance(_:_:)-(Fix,Fix)``).
  public var exact: Double { Geodesic.distance(from, to) }

  /// What a test that is monotone in the distance says of the exact geodesic distance.
  public func decide(_ test: (Double) -> Bool) -> Bool {
    bracket?.decide(test) ?? test(exact)
  }
}
