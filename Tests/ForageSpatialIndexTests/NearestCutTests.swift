import Foundation
import Testing

@testable import ForageGeodesy
@testable import ForageSpatialIndex

/// The index decides the two cuts of a K-nearest-within-R query exactly: the radius at the
/// centimetre and millimetre level, and the K-th rank among near-ties and exact ties.
///
/// A chord falls short of its geodesic by about s³/(24ρ²) (8 mm at 20 km, 9 cm at 45 km), by an
/// amount that depends on the direction, so chord order and geodesic order disagree among
/// near-ties: these cases would break an index that trusted the chord anywhere near a cut.
@Suite struct NearestCutTests {
  typealias Spot = SpatialIndexTests.Spot

  /// Places on rays from `centre`, `radius + offset` metres away, named `aAZIMUTH OFFSET mm`.
  static func ring(
    around centre: Coordinate,
    radius: Double,
    offsets: [Double],
    azimuths: some Sequence<Double>
  ) -> [Spot] {
    var spots: [Spot] = []
    for azimuth in azimuths {
      for offset in offsets {
        let point = Geodesic.destination(from: centre, azimuth: azimuth, distance: radius + offset)
        let millimetres = Int((offset * 1000).rounded())
        spots.append(Spot(id: "a\(Int(azimuth)) \(millimetres) mm", coordinate: point))
      }
    }
    return spots
  }

  @Test(
    arguments: [(60.17, 24.94), (89.99, 0), (0, 179.999), (-45, -70)],
    [1.0, 500, 20_000, 49_000]
  )
  func placesMillimetresInsideOrOutsideTheRadiusAreClassedExactly(
    centre: (Double, Double),
    radius: Double
  ) throws {
    let centre = try Coordinate(latitude: centre.0, longitude: centre.1)
    let offsets = [-0.01, -0.001, 0, 0.001, 0.01]
    let spots = Self.ring(
      around: centre,
      radius: radius,
      offsets: offsets,
      azimuths: stride(from: 0.0, to: 360, by: 15)
    )
    let index = SpatialIndex(spots)
    // The offsets survive the round trip through coordinates to well under a millimetre.
    for spot in spots {
      let gap = Geodesic.distance(centre, spot.coordinate) - radius
      if spot.id.hasSuffix(" -10 mm") || spot.id.hasSuffix(" -1 mm") { #expect(gap < 0) }
      if spot.id.hasSuffix(" 10 mm") || spot.id.hasSuffix(" 1 mm") { #expect(gap > 0) }
    }
    for limit in [1, 5, 24, 60, 1_000] {
      let expected = SpatialIndexTests.bruteForce(spots, limit, radius, centre)
      let got = SpatialIndexTests.answer(index.nearest(limit, within: radius, of: centre))
      #expect(got.map(\.0) == expected.map(\.0), "limit \(limit)")
      #expect(got.map(\.1) == expected.map(\.1), "limit \(limit)")
    }
    // Every place 1 cm or 1 mm inside is found, every place 1 mm or 1 cm outside is not.
    let found = Set(index.within(radius, of: centre).map(\.item.id))
    #expect(found.count { $0.hasSuffix(" -10 mm") } == 24)
    #expect(found.count { $0.hasSuffix(" -1 mm") } == 24)
    #expect(!found.contains { $0.hasSuffix(" 1 mm") || $0.hasSuffix(" 10 mm") })
  }

  @Test(arguments: [(60.17, 24.94), (89.999, 45), (-0.001, -179.9999)])
  func nearTiesAtTheKthRankFollowTheGeodesicNotTheChord(
    latitude: Double,
    longitude: Double
  )
    throws
  {
    let centre = try Coordinate(latitude: latitude, longitude: longitude)
    // 72 places at the same nominal geodesic distance: their geodesics agree to nanometres while
    // their chords differ by up to about a millimetre, in an order that depends on the azimuth.
    for distance in [150.0, 20_000, 45_000] {
      let spots = Self.ring(
        around: centre,
        radius: distance,
        offsets: [0],
        azimuths: stride(from: 0.0, to: 360, by: 5)
      )
      let index = SpatialIndex(spots)
      for limit in [1, 2, 7, 35, 71] {
        let expected = SpatialIndexTests.bruteForce(spots, limit, 50_000, centre)
        let got = SpatialIndexTests.answer(index.nearest(limit, within: 50_000, of: centre))
        #expect(got.map(\.0) == expected.map(\.0), "\(distance) m, limit \(limit)")
        #expect(got.map(\.1) == expected.map(\.1), "\(distance) m, limit \(limit)")
      }
    }
  }

  @Test func exactTiesStraddlingTheKthRankAreCutByID() throws {
    let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
    let near = Geodesic.destination(from: centre, azimuth: 10, distance: 40)
    let tied = Geodesic.destination(from: centre, azimuth: 200, distance: 120)
    let far = Geodesic.destination(from: centre, azimuth: 300, distance: 300)
    let spots =
      [Spot(id: "z", coordinate: near), Spot(id: "y", coordinate: far)]
      + ["e", "b", "d", "a", "c", "b"].map { Spot(id: $0, coordinate: tied) }
    let index = SpatialIndex(spots)
    #expect(index.nearest(1, within: 500, of: centre).map(\.item.id) == ["z"])
    #expect(index.nearest(3, within: 500, of: centre).map(\.item.id) == ["z", "a", "b"])
    // Equal identifiers fall back to the position in the input.
    #expect(index.nearest(4, within: 500, of: centre).map(\.index) == [0, 5, 3, 7])
    #expect(
      index.nearest(7, within: 500, of: centre).map(\.item.id) == [
        "z", "a", "b", "b", "c", "d", "e",
      ]
    )
    // The radius cuts the tie group as a whole: all of it or none of it.
    let tiedDistance = Geodesic.distance(centre, tied)
    #expect(index.nearest(20, within: tiedDistance, of: centre).count == 7)
    #expect(index.nearest(20, within: tiedDistance.nextDown, of: centre).count == 1)
  }
}
