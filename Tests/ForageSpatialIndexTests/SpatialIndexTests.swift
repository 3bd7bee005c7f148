import ForageSupport
import ForageTestSupport
import Foundation
import Testing

@testable import ForageGeodesy
@testable import ForagePlaceDataset
@testable import ForageSpatialIndex

/// The index's answers are identical to an exact brute-force geodesic scan.
@Suite struct SpatialIndexTests {
  struct Spot: SpatialItem, Equatable, Sendable {
    var id: String
    var coordinate: Coordinate
  }

  /// The reference: measure everything exactly, keep what is within, order, cut.
  static func bruteForce<Item: SpatialItem>(
    _ items: [Item],
    _ limit: Int,
    _ radius: Double,
    _ centre: Coordinate
  ) -> [(String, Double)] {
    items.enumerated()
      .map { ($0.offset, $0.element.id, Geodesic.distance(centre, $0.element.coordinate)) }
      .filter { $0.2 <= radius }
      .sorted { ($0.2, $0.1, $0.0) < ($1.2, $1.1, $1.0) }
      .prefix(limit)
      .map { ($0.1, $0.2) }
  }

  static func answer<Item>(_ neighbors: [Neighbor<Item>]) -> [(String, Double)]
  where Item: SpatialItem {
    neighbors.map { ($0.item.id, $0.distance()) }
  }

  static func randomSpots(
    count: Int,
    around centre: Coordinate,
    spread: Double,
    using generator: inout SplitMix64
  ) -> [Spot] {
    (0..<count).map { index in
      let point = Geodesic.destination(
        from: centre,
        azimuth: .random(in: -180..<180, using: &generator),
        distance: spread * Double.random(in: 0...1, using: &generator).squareRoot()
      )
      return Spot(id: String(format: "p%05d", (index * 7919) % count), coordinate: point)
    }
  }

  @Test(arguments: [(60.17, 24.94), (89.995, 0), (-89.99, 120), (0.01, 179.995), (-33.87, 151.21)])
  func matchesBruteForceOnRandomData(latitude: Double, longitude: Double) throws {
    var generator = SplitMix64(seed: 42)
    let centre = try Coordinate(latitude: latitude, longitude: longitude)
    let spots = Self.randomSpots(count: 3_000, around: centre, spread: 3_000, using: &generator)
    let index = SpatialIndex(spots)
    for _ in 0..<60 {
      let query = Geodesic.destination(
        from: centre,
        azimuth: .random(in: -180..<180, using: &generator),
        distance: .random(in: 0..<3_000, using: &generator)
      )
      let radius = Double.random(in: 1...1_500, using: &generator)
      let limit = Int.random(in: 1...40, using: &generator)
      let expected = Self.bruteForce(spots, limit, radius, query)
      let got = Self.answer(index.nearest(limit, within: radius, of: query))
      #expect(got.map(\.0) == expected.map(\.0))
      #expect(got.map(\.1) == expected.map(\.1))
      let all = Self.answer(index.within(radius, of: query))
      #expect(all.map(\.0) == Self.bruteForce(spots, .max, radius, query).map(\.0))
    }
  }

  @Test func tiesAtTheSameDistanceAreBrokenByID() throws {
    let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
    let spot = Geodesic.destination(from: centre, azimuth: 45, distance: 100)
    let spots = ["c", "a", "b", "a"].map { Spot(id: $0, coordinate: spot) }
    let index = SpatialIndex(spots)
    let answer = index.nearest(3, within: 200, of: centre)
    #expect(answer.map(\.item.id) == ["a", "a", "b"])
    #expect(answer.map(\.index) == [1, 3, 2])
  }

  @Test func theRadiusBoundaryIsExact() throws {
    let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
    let spots = (0..<36).map { step in
      Spot(
        id: "s\(step)",
        coordinate: Geodesic.destination(from: centre, azimuth: Double(step) * 10, distance: 500)
      )
    }
    let index = SpatialIndex(spots)
    for spot in spots {
      let exact = Geodesic.distance(centre, spot.coordinate)
      #expect(index.within(exact, of: centre).contains { $0.item.id == spot.id })
      #expect(!index.within(exact.nextDown, of: centre).contains { $0.item.id == spot.id })
    }
  }

  @Test
  func matchesBruteForceOnTheHelsinkiDataset() throws {
    let url = TestData.helsinkiPlaces
    let dataset = try PlaceDataset.load(contentsOf: url)
    let index = SpatialIndex(dataset.places)
    var generator = SplitMix64(seed: 3)
    for _ in 0..<200 {
      let query = try Coordinate(
        latitude: .random(in: 60.160...60.183, using: &generator),
        longitude: .random(in: 24.930...24.958, using: &generator)
      )
      let radius = Double.random(in: 20...800, using: &generator)
      let limit = Int.random(in: 1...60, using: &generator)
      let expected = Self.bruteForce(dataset.places, limit, radius, query)
      let got = Self.answer(index.nearest(limit, within: radius, of: query))
      #expect(got.map(\.0) == expected.map(\.0))
      #expect(got.map(\.1) == expected.map(\.1))
    }
  }

  @Test func anEmptyIndexAndZeroLimitAnswerNothing() throws {
    let centre = try Coordinate(latitude: 0, longitude: 0)
    #expect(SpatialIndex([Spot]()).within(100, of: centre).isEmpty)
    let index = SpatialIndex([Spot(id: "a", coordinate: centre)])
    #expect(index.nearest(0, within: 100, of: centre).isEmpty)
    #expect(index.within(0, of: centre).map { $0.distance() } == [0])
  }
}
