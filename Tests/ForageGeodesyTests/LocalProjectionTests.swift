import ForageSupport
import Foundation
import Testing

@testable import ForageGeodesy

/// The tangent plane's error against Karney geodesics, measured at 1, 5 and 50 km.
@Suite struct LocalProjectionTests {
  /// The largest |planar − geodesic| distance from origins at several latitudes, 16 azimuths each.
  static func worstError(at distance: Double) throws -> Double {
    var worst = 0.0
    for latitude in [0.0, 45, 60.17, 80, 89.9, -33.9] {
      let origin = try Coordinate(latitude: latitude, longitude: 24.94)
      let plane = LocalProjection(origin: origin)
      for step in 0..<16 {
        let point = Geodesic.destination(
          from: origin,
          azimuth: Double(step) * 22.5,
          distance: distance
        )
        worst = max(worst, abs(plane.project(point).magnitude - distance))
      }
    }
    return worst
  }

  @Test func errorIsMicrometresAt1kmMillimetreAt5kmHalfMetreAt50km() throws {
    let at1 = try Self.worstError(at: 1_000)
    let at5 = try Self.worstError(at: 5_000)
    let at50 = try Self.worstError(at: 50_000)
    print("LocalProjection error: 1 km \(at1) m, 5 km \(at5) m, 50 km \(at50) m")
    #expect(at1 < 5e-6)
    #expect(at5 < 6e-4)
    #expect(at50 < 0.6)
  }

  @Test func planarDistanceIsBetweenTheLowerBoundAndTheGeodesic() throws {
    var generator = SplitMix64(seed: 7)
    let origin = try Coordinate(latitude: 60.17, longitude: 24.94)
    let plane = LocalProjection(origin: origin)
    for _ in 0..<500 {
      let a = Geodesic.destination(
        from: origin,
        azimuth: .random(in: -180..<180, using: &generator),
        distance: .random(in: 0..<50_000, using: &generator)
      )
      let b = Geodesic.destination(
        from: origin,
        azimuth: .random(in: -180..<180, using: &generator),
        distance: .random(in: 0..<50_000, using: &generator)
      )
      let pa = plane.project(a)
      let pb = plane.project(b)
      let planar = pa.distance(to: pb)
      let geodesic = Geodesic.distance(a, b)
      let factor = LocalProjection.planarLowerBoundFactor(reach: max(pa.magnitude, pb.magnitude))
      #expect(planar <= geodesic + 1e-6)
      #expect(planar >= geodesic * factor - 1e-6)
    }
  }

  @Test func unprojectRoundTrips() throws {
    for latitude in [0.0, 60.17, 89.99, -45] {
      let origin = try Coordinate(latitude: latitude, longitude: 179.99)
      let plane = LocalProjection(origin: origin)
      for step in 0..<8 {
        let point = Geodesic.destination(from: origin, azimuth: Double(step) * 45, distance: 20_000)
        let back = plane.unproject(plane.project(point))
        #expect(Geodesic.distance(point, back) < 1e-6)
      }
    }
  }
}
