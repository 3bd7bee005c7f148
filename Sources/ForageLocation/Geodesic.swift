import CGeodesic

/// Distances on the WGS84 ellipsoid, by Karney's algorithm (GeographicLib's C port in PROJ).
enum Geodesic {
  private static let wgs84: geod_geodesic = {
    var geodesic = geod_geodesic()
    geod_init(&geodesic, 6_378_137, 1 / 298.257223563)
    return geodesic
  }()

  /// The geodesic distance in metres between two points given in degrees.
  static func distance(
    latitude1: Double,
    longitude1: Double,
    latitude2: Double,
    longitude2: Double
  ) -> Double {
    var geodesic = wgs84
    var metres = 0.0
    geod_inverse(&geodesic, latitude1, longitude1, latitude2, longitude2, &metres, nil, nil)
    return metres
  }

  /// The geodesic distance in metres between two fixes.
  static func distance(_ from: Fix, _ to: Fix) -> Double {
    distance(
      latitude1: from.latitude,
      longitude1: from.longitude,
      latitude2: to.latitude,
      longitude2: to.longitude
    )
  }
}
