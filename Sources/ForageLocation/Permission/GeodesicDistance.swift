import CGeodesic

/// Geodesic distances on WGS84 through GeographicLib's C implementation of Karney's algorithm.
enum GeodesicDistance {
  private static let wgs84: geod_geodesic = {
    var geodesic = geod_geodesic()
    geod_init(&geodesic, 6_378_137, 1 / 298.257_223_563)
    return geodesic
  }()

  /// The distance in metres between two points given in degrees.
  static func metres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
    var geodesic = wgs84
    var distance = 0.0
    geod_inverse(&geodesic, lat1, lon1, lat2, lon2, &distance, nil, nil)
    return distance
  }
}
