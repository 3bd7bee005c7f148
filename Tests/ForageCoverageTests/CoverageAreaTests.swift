import ForageSupport
import Foundation
import Testing

@testable import ForageCoverage
@testable import ForageGeodesy

/// The coverage area never claims more than was covered, and stays small along a long track.
@Suite struct CoverageAreaTests {
  @Test func aCoveredDiskIsCoveredAndAnInnerDiskToo() throws {
    let area = try CoverageArea()
    let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
    try area.add(centre, radius: 500)
    #expect(try area.covers(centre, radius: 480))
    #expect(
      try area.covers(Geodesic.destination(from: centre, azimuth: 30, distance: 200), radius: 250)
    )
    #expect(try !area.covers(centre, radius: 500.5))
    #expect(
      try !area.covers(Geodesic.destination(from: centre, azimuth: 30, distance: 2_000), radius: 10)
    )
  }

  @Test func aDiskTouchingJustOutsideIsNeverCovered() throws {
    let area = try CoverageArea()
    let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
    let radius = 500.0
    try area.add(centre, radius: radius)
    var generator = SplitMix64(seed: 5)
    for _ in 0..<300 {
      // A small disk whose far edge pokes 1 cm beyond the covered disk, in any direction.
      let small = Double.random(in: 1...100, using: &generator)
      let offset = radius - small + 0.01
      let probe = Geodesic.destination(
        from: centre,
        azimuth: .random(in: -180..<180, using: &generator),
        distance: offset
      )
      #expect(try !area.covers(probe, radius: small), "\(probe) r=\(small)")
    }
  }

  /// Points on the edge between two grid cells, and the direction across it into the cell on
  /// the far side: band edges (north or south) and cell edges within a band (east or west), at
  /// several latitudes, and 60 more drawn at random below 87°.
  static let cellEdges: [(latitude: Double, longitude: Double, azimuth: Double)] = {
    var edges: [(latitude: Double, longitude: Double, azimuth: Double)] = [
      (60.15, 24.94, 0), (0, 10.01, 0), (-33.9, 151.2, 180), (85.05, -120.3, 0),
      (60.175, 24.95, 90), (-33.925, 151.2, 270),
    ]
    var generator = SplitMix64(seed: 36)
    for _ in 0..<60 {
      let band = Int.random(in: 60..<3_540, using: &generator)
      let longitude = Double.random(in: -179..<179, using: &generator)
      let across = [0.0, 90, 180, 270].randomElement(using: &generator)!
      // A band edge is the band's south edge; a cell edge is found from a point mid-band.
      let latitude =
        across == 0 || across == 180
        ? CoverageTileKey.southEdge(band) : CoverageTileKey.southEdge(band) + 0.025
      edges.append((latitude, longitude, across))
    }
    return edges
  }()

  @Test(arguments: cellEdges)
  func aDiskKnownFromBothSidesOfACellEdgeIsCovered(
    edge: (latitude: Double, longitude: Double, azimuth: Double)
  ) throws {
    var point = try Coordinate(latitude: edge.latitude, longitude: edge.longitude)
    if edge.azimuth == 90 || edge.azimuth == 270 {
      // Onto the west edge of the cell holding the point.
      let key = try #require(CoverageTileKey.keys(touching: point, radius: 0).first)
      point = try Coordinate(latitude: edge.latitude, longitude: key.bounds.west)
    }
    let across = edge.azimuth
    // A disk on the far side reaching within 10 m of the edge, which the cell on the near side
    // does not touch, and one on the near side reaching 18 m across: together they hold a disk
    // of 18 m centred 15 m across, which pokes 3 m into the near cell.
    let area = try CoverageArea()
    try area.add(Geodesic.destination(from: point, azimuth: across, distance: 300), radius: 290)
    try area.add(
      Geodesic.destination(from: point, azimuth: across + 180, distance: 300),
      radius: 318
    )
    let probe = Geodesic.destination(from: point, azimuth: across, distance: 15)
    #expect(try area.covers(probe, radius: 18))
    #expect(try area.nearestUnknownPoint(to: probe, within: 18) == nil)
  }

  @Test func everyTileBoxReachesNoFartherBeyondItsCellThanTheAddsLook() throws {
    let context = try GEOSContext()
    var misses: [String] = []
    for band in 0..<CoverageTileKey.bandCount {
      let count = CoverageTileKey.cellCount(band)
      let bounds = CoverageTileKey(band: band, cell: 0).bounds
      // A disk centred below 88° (at most 50 km) touches only cells below 89°.
      let reach =
        max(abs(bounds.south), abs(bounds.north)) < 89
        ? CoverageTileKey.boxReach(near: 0) : CoverageTileKey.boxReach(near: 90)
      for cell in Set([0, count / 2]) {
        let key = CoverageTileKey(band: band, cell: cell)
        let tile = try CoverageTile(key: key, context: context)
        let (minX, minY, maxX, maxY) = tile.extent
        for step in 0...16 {
          let f = Double(step) / 16
          let x = minX + (maxX - minX) * f
          let y = minY + (maxY - minY) * f
          for point in [
            PlanarPoint(x: x, y: minY), PlanarPoint(x: x, y: maxY), PlanarPoint(x: minX, y: y),
            PlanarPoint(x: maxX, y: y),
          ] {
            let lifted = tile.projection.unproject(point)
            if !CoverageTileKey.keys(touching: lifted, radius: reach).contains(key) {
              misses.append("band \(band) cell \(cell): \(lifted)")
            }
          }
        }
      }
    }
    #expect(misses.isEmpty, "\(misses.count) box points out of reach: \(misses.prefix(3))")
  }

  @Test func coveredMeansEveryPointOfTheDiskIsWithinSomeAddedDisk() throws {
    let area = try CoverageArea()
    var generator = SplitMix64(seed: 9)
    let start = try Coordinate(latitude: 60.15, longitude: 24.85)
    var added: [(Coordinate, Double)] = []
    for step in 0..<40 {
      let centre = Geodesic.destination(from: start, azimuth: 70, distance: Double(step) * 300)
      let radius = Double.random(in: 300...700, using: &generator)
      try area.add(centre, radius: radius)
      added.append((centre, radius))
    }
    var coveredCount = 0
    for _ in 0..<300 {
      let probe = Geodesic.destination(
        from: start,
        azimuth: .random(in: 60...80, using: &generator),
        distance: .random(in: 0...12_000, using: &generator)
      )
      let radius = Double.random(in: 50...500, using: &generator)
      guard try area.covers(probe, radius: radius) else { continue }
      coveredCount += 1
      // Check the claim: boundary points of the probe disk lie within some added disk.
      for step in 0..<72 {
        let edge = Geodesic.destination(from: probe, azimuth: Double(step) * 5, distance: radius)
        #expect(added.contains { Geodesic.distance($0.0, edge) <= $0.1 }, "\(probe) r=\(radius)")
      }
    }
    #expect(coveredCount > 20)
  }

  @Test func worksAcrossTheAntimeridianAndAtAPole() throws {
    let area = try CoverageArea()
    let dateLine = try Coordinate(latitude: -16.5, longitude: 179.999)
    try area.add(dateLine, radius: 2_000)
    #expect(try area.covers(try Coordinate(latitude: -16.5, longitude: -179.995), radius: 1_000))
    #expect(try !area.covers(try Coordinate(latitude: -16.5, longitude: -179.98), radius: 1_000))
    let pole = try Coordinate(latitude: 90, longitude: 0)
    try area.add(pole, radius: 3_000)
    #expect(try area.covers(try Coordinate(latitude: 89.99, longitude: 135), radius: 1_500))
    #expect(try !area.covers(try Coordinate(latitude: 89.98, longitude: -45), radius: 1_000))
  }

  /// The nearest unknown point agrees with ``CoverageArea/covers(_:radius:)``: none when the
  /// disk is known, else a point of the disk no known disk holds, and none nearer than it,
  /// across cell edges, around a hole and from an empty area.
  @Test(arguments: [(60.17, 24.94), (60.1999, 24.9499), (0.0, 179.999), (-33.9, 151.2)])
  func nearestUnknownPointIsTheNearestGap(latitude: Double, longitude: Double) throws {
    let centre = try Coordinate(latitude: latitude, longitude: longitude)
    let area = try CoverageArea()
    let first = try #require(try area.nearestUnknownPoint(to: centre, within: 100))
    #expect(Geodesic.distance(first, centre) < 0.001)
    // A ring of disks around the centre, leaving a hole at 120-odd metres due east.
    for azimuth in stride(from: 0.0, to: 360, by: 30) where azimuth != 90 {
      try area.add(Geodesic.destination(from: centre, azimuth: azimuth, distance: 100), radius: 80)
    }
    try area.add(centre, radius: 60)
    for radius in [10.0, 50, 120, 170] {
      let gap = try area.nearestUnknownPoint(to: centre, within: radius)
      #expect((gap == nil) == (try area.covers(centre, radius: radius)), "radius \(radius)")
      guard let gap else { continue }
      let distance = Geodesic.distance(centre, gap)
      #expect(distance <= radius + 0.01)
      #expect(try !area.covers(gap, radius: 0))
      // Nothing nearer is unknown: the disk short of the gap is known (short by the half
      // percent a query polygon's corners reach beyond its circle).
      #expect(try area.covers(centre, radius: max(0, distance * 0.99 - 0.05)), "radius \(radius)")
    }
  }

  @Test func costStaysBoundedAlongALongTrack() throws {
    let area = try CoverageArea()
    let start = try Coordinate(latitude: 60.0, longitude: 24.0)
    for step in 0..<1_000 {
      let centre = Geodesic.destination(from: start, azimuth: 45, distance: Double(step) * 50)
      try area.add(centre, radius: 500)
    }
    let statistics = area.statistics
    #expect(statistics.disks == 1_000)
    // A 50 km corridor 1 km wide touches a few dozen 5 km cells; each holds a bounded outline.
    #expect(statistics.tiles < 60)
    #expect(statistics.vertices / max(1, statistics.tiles - statistics.fullTiles) < 2_000)
  }
}

/// The coverage area is shared between tasks safely (its GEOS state is behind a lock).
@Suite struct CoverageAreaConcurrencyTests {
  @Test func concurrentAddsAndQueriesAgreeWithSerialOnes() async throws {
    let area = try CoverageArea()
    let start = try Coordinate(latitude: 60.17, longitude: 24.94)
    let centres = (0..<64).map {
      Geodesic.destination(from: start, azimuth: 90, distance: Double($0) * 100)
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for centre in centres {
        group.addTask { try area.add(centre, radius: 400) }
        group.addTask { _ = try area.covers(centre, radius: 100) }
      }
      try await group.waitForAll()
    }
    #expect(area.statistics.disks == 64)
    for centre in centres { #expect(try area.covers(centre, radius: 350)) }
    #expect(try !area.covers(centres[0], radius: 450))
  }
}
