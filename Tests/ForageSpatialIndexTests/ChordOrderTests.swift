import ForageSupport
import Foundation
import Testing

@testable import ForageGeodesy
@testable import ForageSpatialIndex

/// The index orders candidates by chord and measures geodesics only where chord brackets overlap
/// or touch the radius: these cases would break it if a bracket were too narrow, a run were cut
/// too early, or a deferred distance were not the scan's own value.
@Suite struct ChordOrderTests {
  typealias Spot = SpatialIndexTests.Spot

  /// The index's answer, distances read once each, against the brute-force scan.
  static func expectExact(
    _ index: SpatialIndex<Spot>,
    _ spots: [Spot],
    _ limit: Int,
    _ radius: Double,
    _ centre: Coordinate,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = SpatialIndexTests.bruteForce(spots, limit, radius, centre)
    let answer = index.nearest(limit, within: radius, of: centre)
    let got = SpatialIndexTests.answer(answer)
    #expect(
      got.map(\.0) == expected.map(\.0),
      "K \(limit), R \(radius)",
      sourceLocation: sourceLocation
    )
    #expect(
      got.map(\.1.bitPattern) == expected.map(\.1.bitPattern),
      "K \(limit), R \(radius)",
      sourceLocation: sourceLocation
    )
  }

  static func chord(_ centre: Coordinate, _ spot: Spot) -> Double {
    EarthCentredPoint(centre).chordDistance(to: EarthCentredPoint(spot.coordinate))
  }

  @Test func copiesAtOneCoordinateAreCutByIDThenPosition() throws {
    let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
    var spots: [Spot] = []
    for (step, distance) in [80.0, 120, 120.0000004, 160].enumerated() {
      let point = Geodesic.destination(from: centre, azimuth: Double(step) * 70, distance: distance)
      for id in ["m", "b", "x", "b", "a", "m"] {
        spots.append(Spot(id: "\(id)\(step)", coordinate: point))
      }
    }
    let index = SpatialIndex(spots)
    for limit in 1...spots.count + 1 {
      Self.expectExact(index, spots, limit, 500, centre)
    }
    // The radius at a copy's exact distance takes all copies; just below, none of them.
    for spot in spots {
      let distance = Geodesic.distance(centre, spot.coordinate)
      Self.expectExact(index, spots, 64, distance, centre)
      Self.expectExact(index, spots, 64, distance.nextDown, centre)
    }
  }

  @Test func mirrorImagesAtExactlyEqualDistancesAreCutByID() throws {
    // Seen from 0°, 0°, (±φ, ±λ) are exactly equally far: geodesic and chord alike.
    let centre = try Coordinate(latitude: 0, longitude: 0)
    var generator = SplitMix64(seed: 5)
    var spots: [Spot] = []
    for group in 0..<12 {
      let latitude = Double.random(in: 0.0001...0.004, using: &generator)
      let longitude = Double.random(in: 0.0001...0.004, using: &generator)
      for (north, east) in [(1.0, 1.0), (-1, 1), (1, -1), (-1, -1)] {
        let coordinate = try Coordinate(latitude: north * latitude, longitude: east * longitude)
        let id = "g\(Int.random(in: 0..<20, using: &generator))"
        spots.append(Spot(id: id, coordinate: coordinate))
        #expect(
          Geodesic.distance(centre, coordinate)
            == Geodesic.distance(centre, spots[group * 4].coordinate)
        )
      }
    }
    let index = SpatialIndex(spots)
    for limit in 1...spots.count { Self.expectExact(index, spots, limit, 1_000, centre) }
    for spot in spots {
      Self.expectExact(index, spots, 10, Geodesic.distance(centre, spot.coordinate), centre)
    }
  }

  @Test(arguments: [500.0, 5_000, 20_000])
  func nearTiesLessThanAMicrometreApartFollowTheGeodesic(distance: Double) throws {
    let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
    var generator = SplitMix64(seed: 9)
    // 48 places on shuffled azimuths, their geodesics 0.3 µm apart: closer than U(c) − c.
    var steps = Array(0..<48)
    steps.shuffle(using: &generator)
    let spots = steps.enumerated().map { azimuth, step in
      Spot(
        id: "s\(step)",
        coordinate: Geodesic.destination(
          from: centre,
          azimuth: Double(azimuth) * 7.5,
          distance: distance + Double(step) * 3e-7
        )
      )
    }
    let chords = spots.map { Self.chord(centre, $0) }
    #expect(chords.max()! - chords.min()! < 1e-4 + distance * 1e-6)
    let index = SpatialIndex(spots)
    for limit in 1...spots.count { Self.expectExact(index, spots, limit, distance * 2, centre) }
    // Beyond a few kilometres the chord order is wrong among them: only geodesics can sort them.
    if distance >= 5_000 {
      let byChord = spots.indices.sorted { chords[$0] < chords[$1] }.map { spots[$0].id }
      let exact = SpatialIndexTests.bruteForce(spots, .max, distance * 2, centre).map(\.0)
      #expect(byChord != exact)
    }
  }

  @Test(arguments: [
    (60.17, 24.94), (89.9999, 10), (-89.99, -170), (0.001, 179.9999), (-0.001, -180),
  ])
  func theRadiusIsExactWithinTheBracketOfItsChord(latitude: Double, longitude: Double) throws {
    let centre = try Coordinate(latitude: latitude, longitude: longitude)
    var generator = SplitMix64(seed: 17)
    let spots = SpatialIndexTests.randomSpots(
      count: 400,
      around: centre,
      spread: 700,
      using: &generator
    )
    let index = SpatialIndex(spots)
    // Radii at a place's exact distance, and within U(c) − c (about a micrometre) of it on
    // either side: a place there is measured, and kept or left by its geodesic.
    for spot in spots.prefix(30) {
      let distance = Geodesic.distance(centre, spot.coordinate)
      let bracket = EarthCentredPoint.geodesicUpperBound(chord: Self.chord(centre, spot)) - distance
      #expect(bracket > 0)
      for radius in [
        distance, distance.nextDown, distance.nextUp, distance - bracket / 2,
        distance + bracket / 2,
      ] {
        for limit in [1, 20, 64, 400] { Self.expectExact(index, spots, limit, radius, centre) }
        let inside = index.within(radius, of: centre).contains { $0.item.id == spot.id }
        #expect(inside == (distance <= radius))
      }
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6])
  func randomClustersWithCopiesMatchBruteForce(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let centres = [
      (60.17, 24.94), (89.995, 0), (-89.995, 45), (0, 179.999), (12, -179.9995), (-33.87, 151.21),
    ]
    let (latitude, longitude) = centres[Int(seed - 1) % centres.count]
    let centre = try Coordinate(latitude: latitude, longitude: longitude)
    var spots = SpatialIndexTests.randomSpots(
      count: 1_500,
      around: centre,
      spread: 1_200,
      using: &generator
    )
    // A third of them again at the same coordinates, some under the same identifiers.
    for spot in spots.prefix(500) {
      let id = Bool.random(using: &generator) ? spot.id : spot.id + "'"
      spots.append(Spot(id: id, coordinate: spot.coordinate))
    }
    spots.shuffle(using: &generator)
    let index = SpatialIndex(spots)
    for _ in 0..<40 {
      let query = Geodesic.destination(
        from: centre,
        azimuth: .random(in: -180..<180, using: &generator),
        distance: .random(in: 0..<1_300, using: &generator)
      )
      let radius = Double.random(in: 1...900, using: &generator)
      Self.expectExact(index, spots, .random(in: 1...64, using: &generator), radius, query)
      Self.expectExact(index, spots, .random(in: 65...300, using: &generator), radius, query)
    }
  }

  @Test func worldwideSearchesReachingAntipodesAreExact() throws {
    var generator = SplitMix64(seed: 23)
    let spots = try (0..<400).map { step in
      Spot(
        id: "w\(step % 350)",
        coordinate: try Coordinate(
          latitude: min(90, max(-90, asin(.random(in: -1...1, using: &generator)) * 180 / .pi)),
          longitude: .random(in: -180...180, using: &generator)
        )
      )
    }
    let index = SpatialIndex(spots)
    for _ in 0..<20 {
      let query = try Coordinate(
        latitude: .random(in: -90...90, using: &generator),
        longitude: .random(in: -180...180, using: &generator)
      )
      for limit in [1, 10, 64, 400] {
        for radius in [1_000_000.0, 9_000_000, 20_004_000] {
          Self.expectExact(index, spots, limit, radius, query)
        }
      }
    }
  }

  @Test func theBoundIsMonotoneAndInfiniteBeyondRhoRootTwo() {
    let rho = EarthCentredPoint.minimumRadiusOfCurvature
    let cutoff: Double = rho * 2.0.squareRoot() * (1 - 1e-9)
    let steps = (0..<20_000).map(Double.init)
    var chords: [Double] = steps.map { $0 * 0.013 }
    chords += steps.map { 500 + $0 * 1e-9 }
    chords += steps.map { cutoff + $0 * 1e-3 }
    chords += [1e4, 1e5, 1e6, 5e6, 8.9e6, 1.2e7, 2 * rho, 1.3e7]
    chords.sort()
    let bounds = chords.map { EarthCentredPoint.geodesicUpperBound(chord: $0) }
    #expect(zip(bounds, bounds.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(zip(chords, bounds).allSatisfy { $0 < $1 })
    #expect(EarthCentredPoint.geodesicUpperBound(chord: 8_900_000).isFinite)
    #expect(EarthCentredPoint.geodesicUpperBound(chord: rho * 1.5) == .infinity)
    // The arc sine the bound replaces, to within the rounding slack.
    for chord in [1.0, 500, 50_000, 1_000_000] {
      let arc = 2 * rho * asin(chord / (2 * rho))
      #expect(EarthCentredPoint.geodesicUpperBound(chord: chord) >= arc)
      #expect(EarthCentredPoint.geodesicUpperBound(chord: chord) <= arc * (1 + 1e-5) + 2e-6)
    }
  }

  @Test func aDeferredDistanceIsTheScansValueToTheBit() throws {
    let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
    var generator = SplitMix64(seed: 31)
    let spots = SpatialIndexTests.randomSpots(
      count: 2_000,
      around: centre,
      spread: 2_000,
      using: &generator
    )
    let index = SpatialIndex(spots)
    var deferred = 0
    for _ in 0..<50 {
      let query = Geodesic.destination(
        from: centre,
        azimuth: .random(in: -180..<180, using: &generator),
        distance: .random(in: 0..<2_000, using: &generator)
      )
      for neighbor in index.nearest(20, within: 500, of: query) + index.within(300, of: query) {
        if case .deferred = neighbor.measurement { deferred += 1 }
        let exact = Geodesic.distance(query, spots[neighbor.index].coordinate)
        #expect(neighbor.distance().bitPattern == exact.bitPattern)
        var measured = neighbor
        #expect(measured.measure().bitPattern == exact.bitPattern)
        guard case .measured(let kept) = measured.measurement else {
          Issue.record("measure() did not keep the distance")
          continue
        }
        #expect(kept.bitPattern == exact.bitPattern)
        #expect(measured.distance().bitPattern == neighbor.distance().bitPattern)
      }
    }
    // Almost every distance was left to the reader.
    #expect(deferred > 1_000)
  }
}
