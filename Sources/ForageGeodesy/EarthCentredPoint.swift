import Foundation

/// A point in Earth-centred, Earth-fixed Cartesian coordinates (metres), on the WGS84 ellipsoid.
///
/// The straight-line (chord) distance between two such points is never longer than the geodesic
/// between them, and for short distances it is shorter by a bounded amount (see
/// ``EarthCentredPoint/geodesicUpperBound(chord:)``). The spatial index relies on both facts.
public struct EarthCentredPoint: Equatable, Sendable {
  /// Metres towards latitude 0, longitude 0.
  public var x: Double
  /// Metres towards latitude 0, longitude 90° E.
  public var y: Double
  /// Metres towards the North Pole.
  public var z: Double

  /// The square of the WGS84 first eccentricity.
  public static let eccentricitySquared = Geodesic.flattening * (2 - Geodesic.flattening)
  /// The smallest radius of curvature on the WGS84 ellipsoid, a(1 − e²), at the equator.
  public static let minimumRadiusOfCurvature =
    Geodesic.equatorialRadius * (1 - eccentricitySquared)

  /// The point on the ellipsoid's surface at a coordinate.
  public init(_ coordinate: Coordinate) {
    let phi = coordinate.latitude * .pi / 180
    let lambda = coordinate.longitude * .pi / 180
    let sinPhi = sin(phi)
    let cosPhi = cos(phi)
    let n =
      Geodesic.equatorialRadius / (1 - Self.eccentricitySquared * sinPhi * sinPhi).squareRoot()
    x = n * cosPhi * cos(lambda)
    y = n * cosPhi * sin(lambda)
    z = n * (1 - Self.eccentricitySquared) * sinPhi
  }

  /// Creates a point from Cartesian components.
  public init(x: Double, y: Double, z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }

  /// The straight-line distance in metres to another point.
  public func chordDistance(to other: EarthCentredPoint) -> Double {
    let dx = x - other.x
    let dy = y - other.y
    let dz = z - other.z
    return (dx * dx + dy * dy + dz * dz).squareRoot()
  }

  /// An upper bound on the geodesic distance between two surface points a chord apart.
  ///
  /// A geodesic's curvature as a space curve is its normal curvature, at most 1/ρ with
  /// ρ = a(1 − e²). By Schur's comparison theorem its chord is then at least that of a circular arc
  /// of radius ρ and equal length (while that length is under πρ), so s ≤ 2ρ·asin(c / 2ρ). The
  /// series asin x = x + x³/6 + 3x⁵/40 + … has every coefficient after the first at most 1/6, so
  /// asin x ≤ x + x³/(6(1 − x²)), which gives U(c) = c + c³/(24ρ² − 6c²) without an arc sine.
  /// A relative slack of 10⁻¹² and an absolute one of 1 µm cover rounding in the Cartesian
  /// coordinates, the chord and the geodesic solver (each tens of nanometres at most).
  ///
  /// Relative to the chord the slack is ε(c) = U(c)/c − 1 = c²/(24ρ²) + O(c⁴/ρ⁴): 2.6 × 10⁻¹⁰ at
  /// 500 m, 2.6 × 10⁻⁶ at 50 km (GeodesicTests checks s ≤ c(1 + 3 × 10⁻⁶) on every pair of 1 m
  /// or more in the Karney oracle). So c ≤ s ≤ U(c) brackets a 500 m geodesic to 1.13 µm:
  /// 0.13 µm of curvature and the 1 µm rounding slack. Below a chord of ρ√2 (about 8 960 km) the
  /// geodesic is under about πc/2 ≤ 2.3ρ, well within the comparison's πρ; beyond it the bound is
  /// infinite, as near-antipodal geodesics can be longer than πρ.
  ///
  /// U is non-decreasing in floating point too (every operation in it is correctly rounded and
  /// monotone in its operands), which the index's ordering by chord relies on.
  ///
  /// - Parameter chord: The straight-line distance in metres.
  /// - Returns: A distance the geodesic certainly does not exceed.
  public static func geodesicUpperBound(chord: Double) -> Double {
    geodesicUpperBound(chord: chord, chordSquared: chord * chord)
  }

  /// A lower bound on the geodesic distance between two surface points a chord apart.
  ///
  /// The straight line is never longer than the geodesic, but the computed chord and the
  /// computed geodesic both carry rounding (the Cartesian coordinates are millions of metres,
  /// so a chord of a few metres can come out a nanometre longer than `geod_inverse`'s answer).
  /// The same slack as ``geodesicUpperBound(chord:)`` covers it.
  ///
  /// - Parameter chord: The straight-line distance in metres.
  /// - Returns: A distance the geodesic is certainly not shorter than.
  public static func geodesicLowerBound(chord: Double) -> Double {
    max(0, chord * (1 - 1e-12) - 1e-6)
  }

  /// ``geodesicUpperBound(chord:)`` for a chord whose square is at hand: no arc sine, one
  /// division.
  @inline(__always)
  public static func geodesicUpperBound(chord: Double, chordSquared: Double) -> Double {
    guard chordSquared < Self.boundedChordSquared else { return .infinity }
    let curvature = chord * chordSquared / (Self.twentyFourRhoSquared - 6 * chordSquared)
    return (chord + curvature) * (1 + 1e-12) + 1e-6
  }

  /// 24ρ², the constant in ``geodesicUpperBound(chord:)``.
  static let twentyFourRhoSquared = 24 * minimumRadiusOfCurvature * minimumRadiusOfCurvature
  /// 2ρ², the squared chord beyond which ``geodesicUpperBound(chord:)`` is infinite.
  static let boundedChordSquared = 2 * minimumRadiusOfCurvature * minimumRadiusOfCurvature

  /// The coordinate of this point, assuming it lies on the ellipsoid's surface.
  public var coordinate: Coordinate {
    let e2 = Self.eccentricitySquared
    let a = Geodesic.equatorialRadius
    let p = (x * x + y * y).squareRoot()
    let lambda = atan2(y, x)
    var phi = atan2(z, p * (1 - e2))
    for _ in 0..<6 {
      let sinPhi = sin(phi)
      let n = a / (1 - e2 * sinPhi * sinPhi).squareRoot()
      let h: Double
      if abs(phi) < .pi / 4 {
        h = p / cos(phi) - n
      } else {
        h = z / sinPhi - n * (1 - e2)
      }
      phi = atan2(z, p * (1 - e2 * n / (n + h)))
    }
    return Coordinate(unchecked: phi * 180 / .pi, longitude: lambda * 180 / .pi)
  }
}
