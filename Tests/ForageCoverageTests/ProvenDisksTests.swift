import ForageSupport
import Foundation
import Testing

@testable import ForageCoverage
@testable import ForageGeodesy

/// Answers from the memo of proven disks are the answers GEOS gives: a walk asking about disks
/// fix after fix gets the same yes and no from an area that remembers (the fast path) as from a
/// fresh area with the same disks (GEOS every time).
@Suite struct ProvenDisksTests {
  @Test func theMemoAnswersAsGEOSDoes() throws {
    var generator = SplitMix64(seed: 21)
    let start = try Coordinate(latitude: 60.17, longitude: 24.94)
    // Searches along a curving street, some far apart enough to leave gaps.
    var searches: [(Coordinate, Double)] = []
    var point = start
    for index in 0..<12 {
      point = Geodesic.destination(from: point, azimuth: Double(index) * 25, distance: 350)
      searches.append((point, .random(in: 150...450, using: &generator)))
    }
    let remembering = try CoverageArea()
    for (centre, radius) in searches { try remembering.add(centre, radius: radius) }
    var walker = start
    var answers = (yes: 0, fromMemo: 0)
    for step in 0..<240 {
      walker = Geodesic.destination(
        from: walker,
        azimuth: Double(step / 20) * 25 + .random(in: -20...20, using: &generator),
        distance: .random(in: 0...30, using: &generator)
      )
      let radius = Double.random(in: 20...300, using: &generator)
      let memoHit = remembering.provenContains(walker, radius: radius)
      let fast = try remembering.covers(walker, radius: radius)
      let fresh = try CoverageArea()
      for (centre, searchRadius) in searches { try fresh.add(centre, radius: searchRadius) }
      #expect(try fast == fresh.covers(walker, radius: radius), "step \(step), r = \(radius)")
      if fast { answers.yes += 1 }
      if memoHit { answers.fromMemo += 1 }
    }
    // The walk exercises both paths.
    #expect(answers.yes > 40)
    #expect(answers.fromMemo > 20)
  }

  @Test func aDiskReachingPastAProvenOneIsAskedOfGEOS() throws {
    let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
    let area = try CoverageArea()
    try area.add(centre, radius: 500)
    #expect(try area.covers(centre, radius: 300))
    // The memo now holds a disk of 300 m or more around the centre; one poking out of the
    // coverage must still be refused.
    let probe = Geodesic.destination(from: centre, azimuth: 40, distance: 450)
    #expect(try !area.covers(probe, radius: 60))
    #expect(try area.covers(probe, radius: 40))
  }

}
