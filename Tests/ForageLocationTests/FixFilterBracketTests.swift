import ForageGeodesy
import ForageTracks
import Foundation
import Testing

@testable import ForageLocation

/// The filter's distance tests give the exact geodesic's answer when the threshold sits within
/// the chord's bracket, where only `geod_inverse` can settle them.
@Suite struct FixFilterBracketTests {
  static let start = Fix(
    time: Date(timeIntervalSince1970: 1_000),
    latitude: 60.17,
    longitude: 24.94,
    horizontalAccuracy: 5
  )

  static func fix(metres: Double, seconds: Double) throws -> Fix {
    let end = Geodesic.destination(
      from: try Coordinate(latitude: start.latitude, longitude: start.longitude),
      azimuth: 47,
      distance: metres
    )
    return Fix(
      time: Date(timeIntervalSince1970: 1_000 + seconds),
      latitude: end.latitude,
      longitude: end.longitude,
      horizontalAccuracy: 5
    )
  }

  @Test(arguments: [-1e-7, 0, 1e-7])
  func theDistanceFilterAtTheExactDistance(offset: Double) throws {
    let next = try Self.fix(metres: 12.5, seconds: 1)
    let exact = Geodesic.distance(Self.start, next)
    let filter = FixFilter(distanceFilter: exact + offset)
    let decision = filter.decide(next, after: Self.start, now: nil, accuracy: .full)
    #expect(decision == (exact < exact + offset ? .drop(.distanceFilter) : .deliver(next)))
  }

  @Test(arguments: [-1e-7, 0, 1e-7])
  func theSpeedLimitAtTheExactSpeed(offset: Double) throws {
    let next = try Self.fix(metres: 180, seconds: 2)
    let exact = Geodesic.distance(Self.start, next)
    let filter = FixFilter(maximumSpeed: exact / 2 + offset)
    let decision = filter.decide(next, after: Self.start, now: nil, accuracy: .full)
    #expect(decision == (exact / 2 > exact / 2 + offset ? .drop(.implausibleJump) : .deliver(next)))
  }
}
