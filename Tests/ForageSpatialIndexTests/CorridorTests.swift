import ForageSupport
import Foundation
import Testing

@testable import ForageGeodesy
@testable import ForageSpatialIndex

/// Corridor search: places within D of a track, exact at the boundary.
@Suite struct CorridorTests {
  typealias Spot = SpatialIndexTests.Spot

  /// The reference: distance to each segment by dense sampling of the geodesic, refined.
  static func sampledDistance(_ point: Coordinate, _ track: [Coordinate]) -> Double {
    var best = Double.infinity
    for (a, b) in zip(track, track.dropFirst()) {
      let segment = Geodesic.inverse(a, b)
      let steps = 2_000
      for step in 0...steps {
        let along = segment.distance * Double(step) / Double(steps)
        let sample = Geodesic.destination(from: a, azimuth: segment.azimuth1, distance: along)
        best = min(best, Geodesic.distance(point, sample))
      }
    }
    return best
  }

  @Test func findsExactlyThePlacesWithinTheCorridor() throws {
    var generator = SplitMix64(seed: 11)
    let start = try Coordinate(latitude: 60.16, longitude: 24.90)
    let track = [
      start,
      Geodesic.destination(from: start, azimuth: 60, distance: 1_800),
      Geodesic.destination(from: start, azimuth: 80, distance: 3_500),
      Geodesic.destination(from: start, azimuth: 100, distance: 3_600),
    ]
    let spots = SpatialIndexTests.randomSpots(
      count: 1_500,
      around: Geodesic.destination(from: start, azimuth: 75, distance: 1_800),
      spread: 2_600,
      using: &generator
    )
    let index = SpatialIndex(spots)
    let width = 150.0
    let found = index.along(track, within: width)
    let foundIDs = Set(found.map(\.index))
    #expect(found.count > 20)
    for (offset, spot) in spots.enumerated() {
      // Anything within `width` of a segment is within width + length/2 (< 1 100 m) of a vertex.
      guard track.contains(where: { Geodesic.distance($0, spot.coordinate) < 1_100 }) else {
        #expect(!foundIDs.contains(offset))
        continue
      }
      let reference = Self.sampledDistance(spot.coordinate, track)
      // Samples ≤ 1.8 m apart overestimate by at most min(0.9 m, 0.9² / (2·distance)).
      if reference < width - 0.01 { #expect(foundIDs.contains(offset), "\(spot.id) \(reference)") }
      if reference > width + 0.01 { #expect(!foundIDs.contains(offset), "\(spot.id) \(reference)") }
    }
    for neighbor in found {
      let reference = Self.sampledDistance(neighbor.item.coordinate, track)
      let sampling = min(0.9, 0.81 / (2 * max(reference, 1e-9)))
      #expect(neighbor.distance() <= reference + 1e-6)
      #expect(neighbor.distance() >= reference - sampling - 1e-3)
    }
    #expect(zip(found, found.dropFirst()).allSatisfy { $0.distance() <= $1.distance() })
  }

  @Test func aPlaceJustInsideIsFoundAndJustOutsideIsNot() throws {
    let a = try Coordinate(latitude: 60.17, longitude: 24.94)
    let b = Geodesic.destination(from: a, azimuth: 90, distance: 2_000)
    let middle = Geodesic.destination(from: a, azimuth: 90, distance: 1_000)
    let heading = Geodesic.inverse(middle, b).azimuth1
    let inside = Geodesic.destination(from: middle, azimuth: heading - 90, distance: 99.999)
    let outside = Geodesic.destination(from: middle, azimuth: heading - 90, distance: 100.001)
    let index = SpatialIndex([
      Spot(id: "in", coordinate: inside), Spot(id: "out", coordinate: outside),
    ])
    let found = index.along([a, b], within: 100)
    #expect(found.map(\.item.id) == ["in"])
    #expect(abs(found[0].distance() - 99.999) < 1e-5)
  }
}
