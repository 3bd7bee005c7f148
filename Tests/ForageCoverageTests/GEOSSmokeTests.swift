import CGEOS
import CGeodesic
import Testing

/// Proves the system libraries link and answer: GEOS and GeographicLib's C port.
@Suite struct NativeGeoSmokeTests {
  @Test func geosMeasuresThePlanarDistanceBetweenTwoPoints() throws {
    let context = try #require(GEOS_init_r())
    defer { GEOS_finish_r(context) }
    let a = try #require(GEOSGeom_createPointFromXY_r(context, 0, 0))
    defer { GEOSGeom_destroy_r(context, a) }
    let b = try #require(GEOSGeom_createPointFromXY_r(context, 3, 4))
    defer { GEOSGeom_destroy_r(context, b) }
    var distance = 0.0
    #expect(GEOSDistance_r(context, a, b, &distance) == 1)
    #expect(distance == 5)
  }

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
