import Foundation

/// A tangent plane (east, north, up) centred near the user, mapping coordinates to metres.
///
/// A coordinate is placed on the WGS84 ellipsoid in Earth-centred Cartesian coordinates and then
/// projected orthogonally onto the plane tangent to the ellipsoid at ``origin``; `x` is metres east
/// and `y` metres north. GEOS works in this plane.
///
/// ## Accuracy
/// Orthogonal projection never lengthens: a planar distance is never longer than the chord, which
/// is never longer than the geodesic. How much shorter it can be was measured against Karney
/// geodesics (`LocalProjectionTests`, at latitudes 0°, 45°, 60°, 80° and 89.9°, 16 azimuths each):
///
/// | distance from origin | largest error (planar vs geodesic) |
/// |---|---|
/// | 1 km  | 4.2 µm |
/// | 5 km  | 0.52 mm |
/// | 50 km | 0.52 m |
///
/// For two arbitrary points within a distance ρ of the origin, the planar distance d and the
/// geodesic s satisfy s·cos θ ≤ d ≤ s, where θ ≈ ρ / a(1 − e²) is the largest angle between the
/// surface normal and the plane's normal (``planarLowerBoundFactor(reach:)``). Geometry that must
/// not claim more than is true (ForageCoverage's `CoverageArea`) shrinks by that factor; distances printed to a
/// user are always exact geodesics, never planar ones.
public struct LocalProjection: Equatable, Sendable {
  /// The coordinate at the plane's origin (0, 0).
  public let origin: Coordinate
  private let centre: EarthCentredPoint
  private let east: (Double, Double, Double)
  private let north: (Double, Double, Double)
  private let up: (Double, Double, Double)

  /// Creates the tangent plane at a coordinate.
  public init(origin: Coordinate) {
    self.origin = origin
    centre = EarthCentredPoint(origin)
    let phi = origin.latitude * .pi / 180
    let lambda = origin.longitude * .pi / 180
    east = (-sin(lambda), cos(lambda), 0)
    north = (-sin(phi) * cos(lambda), -sin(phi) * sin(lambda), cos(phi))
    up = (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
  }

  /// Two projections are equal when their origins are.
  public static func == (lhs: LocalProjection, rhs: LocalProjection) -> Bool {
    lhs.origin == rhs.origin
  }

  /// Projects a coordinate onto the plane.
  ///
  /// Points on the far side of the Earth (more than a quarter circumference away) fold back onto
  /// the plane; keep the geometry within a few hundred kilometres of the origin.
  public func project(_ coordinate: Coordinate) -> PlanarPoint {
    project(EarthCentredPoint(coordinate))
  }

  /// Projects an Earth-centred point onto the plane.
  public func project(_ point: EarthCentredPoint) -> PlanarPoint {
    let dx = point.x - centre.x
    let dy = point.y - centre.y
    let dz = point.z - centre.z
    return PlanarPoint(
      x: east.0 * dx + east.1 * dy + east.2 * dz,
      y: north.0 * dx + north.1 * dy + north.2 * dz
    )
  }

  /// The coordinate on the ellipsoid whose projection is a planar point.
  ///
  /// - Parameter point: A point closer to the origin than about 6 000 km.
  /// - Returns: The surface point on the near side of the Earth that projects to `point`.
  public func unproject(_ point: PlanarPoint) -> Coordinate {
    // The surface point is p0 + u·up for the u that puts it on the ellipsoid.
    let p0 = (
      centre.x + point.x * east.0 + point.y * north.0,
      centre.y + point.x * east.1 + point.y * north.1,
      centre.z + point.x * east.2 + point.y * north.2
    )
    let a2 = Geodesic.equatorialRadius * Geodesic.equatorialRadius
    let b = Geodesic.equatorialRadius * (1 - Geodesic.flattening)
    let b2 = b * b
    let qa = (up.0 * up.0 + up.1 * up.1) / a2 + up.2 * up.2 / b2
    let qb = 2 * ((p0.0 * up.0 + p0.1 * up.1) / a2 + p0.2 * up.2 / b2)
    let qc = (p0.0 * p0.0 + p0.1 * p0.1) / a2 + p0.2 * p0.2 / b2 - 1
    let root = max(0, qb * qb - 4 * qa * qc).squareRoot()
    // The root nearer zero: the near side of the ellipsoid. Written to avoid cancellation.
    let u = qb >= 0 ? (-2 * qc) / (qb + root) : (-qb + root) / (2 * qa)
    return EarthCentredPoint(x: p0.0 + u * up.0, y: p0.1 + u * up.1, z: p0.2 + u * up.2).coordinate
  }

  /// A factor k such that planar distance ≥ k · geodesic distance for points within `reach`.
  ///
  /// - Parameter reach: The largest planar distance of either point from the origin, in metres.
  /// - Returns: cos θ for the largest normal angle θ at that reach, with a 2 % margin on θ.
  public static func planarLowerBoundFactor(reach: Double) -> Double {
    let theta = 1.02 * reach / EarthCentredPoint.minimumRadiusOfCurvature + 1e-9
    return cos(min(theta, .pi / 2))
  }
}
