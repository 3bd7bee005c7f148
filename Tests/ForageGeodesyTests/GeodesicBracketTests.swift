import ForageSupport
import Foundation
import Testing

@testable import ForageGeodesy

/// The chord's bracket on the geodesic, and decisions taken from it.
@Suite struct GeodesicBracketTests {
  /// Pairs from a few centimetres to 50 km apart, anywhere, poles and the antimeridian included.
  static func pairs(count: Int, seed: UInt64) -> [(Coordinate, Coordinate)] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { index in
      let latitude: Double
      switch index % 5 {
      case 0: latitude = 89.99 * (index % 2 == 0 ? 1 : -1)
      default: latitude = .random(in: -89.9...89.9, using: &generator)
      }
      let longitude = index % 7 == 0 ? 179.999 : Double.random(in: -180...180, using: &generator)
      let from = Coordinate(unchecked: latitude, longitude: longitude)
      let metres = pow(10, Double.random(in: -2...4.7, using: &generator))
      let to = Geodesic.destination(
        from: from,
        azimuth: .random(in: -180...180, using: &generator),
        distance: metres
      )
      return (from, to)
    }
  }

  @Test func theBracketHoldsTheGeodesic() {
    for (from, to) in Self.pairs(count: 4_000, seed: 7) {
      let bracket = GeodesicBracket(from, to)
      let exact = Geodesic.distance(from, to)
      #expect(bracket.lower <= exact && exact <= bracket.upper, "\(from) to \(to): \(exact)")
    }
  }

  @Test(arguments: [-1e-6, -1e-9, 0, 1e-9, 1e-6, 1e-3])
  func aThresholdAtTheGeodesicIsDecidedAsTheExactDistanceDecidesIt(offset: Double) {
    for (from, to) in Self.pairs(count: 1_000, seed: 11) {
      let exact = Geodesic.distance(from, to)
      let threshold = exact + offset
      let bracket = GeodesicBracket(from, to)
      #expect(bracket.decide { $0 < threshold } == (exact < threshold))
      #expect(bracket.decide { $0 >= threshold } == (exact >= threshold))
      #expect(bracket.decide { $0 / 3 > threshold / 3 } == (exact / 3 > threshold / 3))
    }
  }

  @Test func aDecisionTheBracketSettlesNeverMeasures() {
    let from = Coordinate(unchecked: 60.17, longitude: 24.94)
    let to = Geodesic.destination(from: from, azimuth: 30, distance: 250)
    let bracket = GeodesicBracket(from, to)
    var calls: [Double] = []
    #expect(
      bracket.decide {
        calls.append($0)
        return $0 < 300
      }
    )
    #expect(calls == [bracket.lower, bracket.upper])
  }
}
