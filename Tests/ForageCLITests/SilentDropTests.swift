import ForageTestSupport
import Foundation
import Testing

/// Nothing is dropped in silence: skipped points are counted by reason on standard error, with
/// their first line numbers, and a track with no usable fix says why.
@Suite struct SilentDropTests {
  @Test func skippedPointsAreCountedByReasonWithTheirLines() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = directory.appendingPathComponent("bad.csv")
    try Data(
      """
      lat,lon,time
      60.17,24.94,2026-01-01T00:00:00Z
      999,24.94,2026-01-01T00:00:01Z
      nan,24.94,2026-01-01T00:00:02Z
      60.1701,24.94,2026-01-01T00:00:03Z
      60.1702,24.94,2026-01-01T00:00:01Z
      60.1703,24.94,2026-01-01T00:00:05Z

      """.utf8
    ).write(to: track)
    let result = try FinderFixtures.forage(["run", "--track", track.path])
    #expect(result.status == 0, "\(result.stderr)")
    let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning:") }
    #expect(
      warnings.contains {
        $0.contains("2 points with latitude or longitude missing, not a number or out of range")
          && $0.contains("(lines 3, 4)")
      },
      "\(result.stderr)"
    )
    #expect(
      warnings.contains {
        $0.contains("1 point with a time earlier than the point before it (line 6)")
      },
      "\(result.stderr)"
    )
  }

  @Test func aTrackWithNoUsableFixSaysWhy() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = directory.appendingPathComponent("bad.nmea")
    try Data(
      """
      $GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*00
      $GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*00

      """.utf8
    ).write(to: track)
    let result = try FinderFixtures.forage(["run", "--track", track.path])
    #expect(result.status == 65)
    #expect(result.stderr.contains("the file has none (2 with a wrong NMEA checksum)"))
  }
}
