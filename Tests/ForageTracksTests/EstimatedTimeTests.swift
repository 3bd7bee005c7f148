import ForageGeodesy
import ForageTestSupport
import Foundation
import Testing

@testable import ForageTracks

/// Times the reader makes up for points without one: where they start (the file's own time when
/// it has one) and the mark on every fix that carries one.
@Suite struct EstimatedTimeTests {
  /// Track points without times, 100 m apart going north.
  static let untimedPoints = """
    <trk><trkseg>
    <trkpt lat="60.170" lon="24.94"/>
    <trkpt lat="60.1709" lon="24.94"/>
    <trkpt lat="60.1718" lon="24.94"/>
    </trkseg></trk>
    """

  @Test func aTimelessGPXStartsAtItsMetadataTime() throws {
    let text = gpx("<metadata><time>2024-05-06T07:08:09Z</time></metadata>" + Self.untimedPoints)
    let read = fixes(try readEvents(text))
    #expect(read.count == 3)
    #expect(read.first?.time == date("2024-05-06T07:08:09Z"))
    #expect(read.allSatisfy { $0.isTimeEstimated })
    let step = Geodesic.distance(read[0], read[1]) / 1.4
    #expect(abs(read[1].time!.timeIntervalSince(read[0].time!) - step) < 1e-6)
  }

  @Test func aTimelessGPX10StartsAtItsTime() throws {
    let text = """
      <?xml version="1.0"?>
      <gpx version="1.0" creator="test"><time>2011-02-03T04:05:06Z</time>
      \(Self.untimedPoints)
      </gpx>
      """
    #expect(fixes(try readEvents(text)).first?.time == date("2011-02-03T04:05:06Z"))
  }

  @Test(arguments: [
    "", "<metadata/>", "<metadata><name>x</name></metadata>",
    "<metadata><time>not a time</time></metadata>",
    // A placeholder time is no time.
    "<metadata><time>1970-01-01T00:00:00Z</time></metadata>",
  ])
  func withoutAUsableFileTimeATimelessTrackStartsAtTheDefault(_ metadata: String) throws {
    let read = fixes(try readEvents(gpx(metadata + Self.untimedPoints)))
    #expect(read.first?.time == TrackReadOptions().timelessStart)
    #expect(read.allSatisfy { $0.isTimeEstimated })
  }

  @Test func onlyTheTimesMadeUpAreMarked() throws {
    let text = gpx(
      """
      <metadata><time>2024-05-06T07:08:09Z</time></metadata>
      <trk><trkseg>
      <trkpt lat="60.170" lon="24.94"/>
      <trkpt lat="60.1709" lon="24.94"><time>2026-01-01T00:01:00Z</time></trkpt>
      <trkpt lat="60.1718" lon="24.94"/>
      <trkpt lat="60.1727" lon="24.94"><time>2026-01-01T00:03:00Z</time></trkpt>
      </trkseg></trk>
      """
    )
    let read = fixes(try readEvents(text))
    #expect(read.map(\.isTimeEstimated) == [true, false, true, false])
    // Made up from the timed neighbours, never from the file's time, when the track has times.
    #expect(read[0].time! < date("2026-01-01T00:01:00Z"))
    #expect(read[0].time! > date("2025-12-31T23:58:00Z"))
  }

  @Test func aTimedTrackHasNoEstimatedTime() throws {
    let walk = try TrackReader.open(url: TestData.resource("demo/helsinki-walk.gpx"))
    var count = 0
    while let event = try walk.next() {
      guard case .fix(let fix) = event else { continue }
      #expect(!fix.isTimeEstimated)
      count += 1
    }
    #expect(count == 3900)
  }

  @Test func theMarkIsRecordedAndReadBack() throws {
    let estimated = Fix(time: date("2000-01-01T00:00:00Z"), latitude: 60, longitude: 24)
    var marked = estimated
    marked.isTimeEstimated = true
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let plain = String(decoding: try encoder.encode(estimated), as: UTF8.self)
    let text = String(decoding: try encoder.encode(marked), as: UTF8.self)
    #expect(!plain.contains("time_estimated"))
    #expect(text.contains(#""time_estimated":true"#))
    #expect(try JSONDecoder().decode(Fix.self, from: Data(text.utf8)) == marked)
    #expect(try JSONDecoder().decode(Fix.self, from: Data(plain.utf8)) == estimated)
  }
}
