import Foundation
import Testing

@testable import ForageCoverage
@testable import ForageGeodesy

/// The searched area's outline, for maps: closed rings, oriented for a nonzero fill, inside what
/// was covered, the same every time.
@Suite struct CoverageOutlineTests {
  static let centres: [Coordinate] = (0..<12).map { step in
    Geodesic.destination(
      from: Coordinate(unchecked: 60.17, longitude: 24.94),
      azimuth: 70,
      distance: Double(step) * 150
    )
  }

  static func walkedArea() throws -> CoverageArea {
    let area = try CoverageArea()
    for centre in centres { try area.add(centre, radius: 300) }
    return area
  }

  @Test func anEmptyAreaHasNoRings() throws {
    #expect(try CoverageArea().outline.rings.isEmpty)
  }

  @Test func everyPointOfTheOutlineWasCovered() throws {
    let outline = try Self.walkedArea().outline
    #expect(!outline.rings.isEmpty)
    for ring in outline.rings {
      #expect(ring.count >= 4)
      #expect(ring.first == ring.last)
      for point in ring {
        let nearest = Self.centres.map { Geodesic.distance($0, point) }.min() ?? .infinity
        #expect(nearest <= 300)
      }
    }
    // The outline reaches out to nearly the whole radius: an inscribed polygon of 32 sides.
    let farthest = outline.rings.joined().map { point in
      Self.centres.map { Geodesic.distance($0, point) }.min() ?? 0
    }.max()
    #expect((farthest ?? 0) > 290)
  }

  @Test func exteriorRingsTurnCounterClockwise() throws {
    let outline = try Self.walkedArea().outline
    // One disk chain, no holes: every ring is an exterior ring.
    for ring in outline.rings {
      var twiceArea = 0.0
      for (a, b) in zip(ring, ring.dropFirst()) {
        twiceArea += a.longitude * b.latitude - b.longitude * a.latitude
      }
      #expect(twiceArea > 0)
    }
  }

  @Test func aHoleTurnsClockwise() {
    let square = [(0.0, 0.0), (0, 1), (1, 1), (1, 0), (0, 0)].map {
      Coordinate(unchecked: $0.0, longitude: $0.1)
    }
    let exterior = CoverageOutline.oriented(square, isExterior: true)
    let hole = CoverageOutline.oriented(square, isExterior: false)
    // East along the equator, then north: counter-clockwise already.
    #expect(exterior == square)
    #expect(hole == square.reversed())
  }

  @Test func theSameDisksGiveTheSameOutline() throws {
    #expect(try Self.walkedArea().outline == Self.walkedArea().outline)
  }
}
