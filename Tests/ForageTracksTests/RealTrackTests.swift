import ForageTestSupport
import Foundation
import Testing

@testable import ForageTracks

/// The readers against the shared corpus of real GPX files and receiver logs.
///
/// The expected counts come from `Scripts/track-expected-counts.py` (gpxpy for GPX, an
/// independent checksum-checking count of valid RMC sentences for NMEA).
@Suite
struct RealTrackTests {
  @Test(arguments: ExpectedTrackCounts.gpx.keys.sorted())
  func gpxPointCountsMatchGpxpy(name: String) throws {
    let url = try #require(TestData.file("tracks/gpx/\(name)"))
    let expected = try #require(ExpectedTrackCounts.gpx[name])
    let summary = try TrackValidator.validate(url: url)
    #expect(summary.format == .gpx)
    #expect(summary.counts.trackPoints == expected.trackPoints)
    #expect(summary.counts.routePoints == expected.routePoints)
    #expect(summary.counts.waypoints == expected.waypoints)
    #expect(summary.counts.trackSegments == expected.segments)
    #expect(summary.points == expected.trackPoints + expected.routePoints + expected.waypoints)
    #expect(summary.isUsable)
  }

  @Test(arguments: ExpectedTrackCounts.nmea.keys.sorted())
  func nmeaFixCountsMatchValidRMCSentences(name: String) throws {
    let url = try #require(TestData.file("tracks/nmea/\(name)"))
    let summary = try TrackValidator.validate(url: url)
    #expect(summary.format == .nmea)
    #expect(summary.points == ExpectedTrackCounts.nmea[name])
    #expect(summary.isUsable)
  }

  @Test func findsTheKnownDefectsOfKoritaZbevnica() throws {
    let url = try #require(TestData.file("tracks/gpx/korita-zbevnica.gpx"))
    let summary = try TrackValidator.validate(url: url)
    #expect(summary.count(of: .emptySegment) == 1)
    // The 358 timeless track points; the two timeless waypoints are not replayed, so their
    // defects are not counted.
    #expect(summary.count(of: .missingTime) == 358)
    // The 12- and 34-minute gaps (the third is inside the timeless segment's neighbourhood).
    #expect(summary.count(of: .gap) >= 2)
    // The fixes a run replays: the 871 track points, not the two waypoints beside them.
    #expect(summary.fixes == 871)
    #expect(summary.replayedKind == .trackPoint)
  }

  @Test func findsThe92MetresPerSecondJumpInCerknickoJezero() throws {
    let url = try #require(TestData.file("tracks/gpx/cerknicko-jezero.gpx"))
    let reader = try TrackReader.open(url: url)
    var jumps: [TrackDefect] = []
    while let event = try reader.next() {
      if case .defect(let defect) = event, defect.kind == .implausibleJump { jumps.append(defect) }
    }
    #expect(jumps.count == 1)
    #expect(jumps.first?.line == 1034)
    #expect(jumps.first?.detail == "91.9 m/s")  // 183.9 m in 2 s
  }

  @Test func skipsTheBinaryNoiseAndIncompleteLastLineOfUblox8() throws {
    let url = try #require(TestData.file("tracks/nmea/ublox-8.log"))
    let summary = try TrackValidator.validate(url: url)
    #expect(summary.count(of: .binaryNoise) > 0)
    #expect(summary.count(of: .partialLine) + summary.count(of: .checksumError) > 0)
    #expect(summary.fixes == 72)
  }

  @Test func readsTheByteOrderMarkedUnicodeFile() throws {
    let url = try #require(TestData.file("tracks/gpx/unicode_with_bom.gpx"))
    let reader = try TrackReader.open(url: url)
    let first = try #require(try reader.next())
    guard case .defect(let defect) = first, defect.kind == .lowAccuracy else {
      Issue.record("expected the HDOP 16.2 defect first, got \(first)")
      return
    }
    guard case .fix(let fix) = try reader.next() else {
      Issue.record("expected the waypoint")
      return
    }
    #expect(fix.kind == .waypoint && fix.latitude == 43.309634 && fix.elevation == -14.6)
  }
}
