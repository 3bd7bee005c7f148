/// The geodesic between two points, bracketed by their chord, and measured exactly only when a
/// decision needs it.
///
/// The chord c between the points in Earth-centred coordinates gives two bounds that bracket the
/// geodesic, L(c) ≤ s ≤ U(c) (``EarthCentredPoint/geodesicLowerBound(chord:)`` and
/// ``EarthCentredPoint/geodesicUpperBound(chord:)``: c itself with a micrometre of slack for
/// rounding each way). A test that is monotone in the distance and gives
/// the same answer at both ends gives that answer for s too, so ``decide(_:)`` calls
/// `geod_inverse` (about half a microsecond) only when the bracket straddles the test's threshold.
/// The two Earth-centred conversions cost a tenth of that.
public struct GeodesicBracket: Sendable {
  /// The first point.
  public let from: Coordinate
  /// The second point.
  public let to: Coordinate
  /// The geodesic is at least this long.
  public let lower: Double
  /// The geodesic is at most this long.
  public let upper: Double

  /// Brackets the geodesic between two points.
  public init(_ from: Coordinate, _ to: Coordinate) {
    self.from = from
    self.to = to
    let chord = EarthCentredPoint(from).chordDistance(to: EarthCentredPoint(to))
    lower = EarthCentredPoint.geodesicLowerBound(chord: chord)
    upper = EarthCentredPoint.geodesicUpperBound(chord: chord)
  }

  /// The answer of a test on the geodesic distance, which must be monotone in the distance (true
  /// from some distance on, or up to some distance).
  ///
  /// - Parameter test: The test; called with the bracket's ends, and with the exact geodesic
  ///   (``Geodesic/distance(_:_:)`` from ``from`` to ``to``) when the ends disagree.
  /// - Returns: What the test says of the exact geodesic distance.
  public func decide(_ test: (Double) -> Bool) -> Bool {
    let atLower = test(lower)
    if atLower == test(upper) { return atLower }
    return test(Geodesic.distance(from, to))
  }
}
