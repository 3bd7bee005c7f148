import CGeodesic
import Testing

/// Proves the system library links and answers: GeographicLib's C port (in PROJ).
@Suite struct GeodesicSmokeTests {
  @Test func geodesicSolvesTheInverseProblemOnWGS84() {
    var geodesic = geod_geodesic()
    geod_init(&geodesic, 6_378_137, 1 / 298.257223563)
    var distance = 0.0
    var azimuth1 = 0.0
    var azimuth2 = 0.0
    // One degree of latitude at the equator is 110 574.389 m on WGS84.
    geod_inverse(&geodesic, 0, 0, 1, 0, &distance, &azimuth1, &azimuth2)
    #expect(abs(distance - 110_574.388_557) < 0.001)
    #expect(azimuth1 == 0)
  }
}
