import CGeodesic

/// Distances on the WGS84 ellipsoid, by Karney's algorithm (GeographicLib's `geod_inverse`).
enum MockGeodesic {
  /// The WGS84 ellipsoid, initialised once.
  private static let wgs84: geod_geodesic = {
    var geodesic = geod_geodesic()
    geod_init(&geodesic, 6_378_137, 1 / 298.257_223_563)
    return geodesic
  }()

  /// The geodesic distance in metres between two points given in degrees.
  ///
  /// - Parameters:
  ///   - latitude1: The first point's latitude.
  ///   - longitude1: The first point's longitude.
  ///   - latitude2: The second point's latitude.
  ///   - longitude2: The second point's longitude.
  /// - Returns: The distance in metres, accurate to nanometres.
  static func distance(
    _ latitude1: Double,
    _ longitude1: Double,
    _ latitude2: Double,
    _ longitude2: Double
  ) -> Double {
    var metres = 0.0
    withUnsafePointer(to: wgs84) { geodesic in
      geod_inverse(geodesic, latitude1, longitude1, latitude2, longitude2, &metres, nil, nil)
    }
    return metres
  }
}
