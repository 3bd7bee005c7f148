import CGEOS
import Testing

/// Proves the system GEOS library links and answers.
@Suite struct GEOSSmokeTests {
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
}
