import ForageTestSupport
import Foundation
import Testing

/// Tracks timed at the ends of the years forage reads (0001 and 9999), with points that have no
/// time before, between and after the timed ones: every output format, the recording and
/// `validate` stay within the years 1 to 9999, and what forage writes it reads back.
@Suite struct CalendarEdgeTests {
  /// Track formats that can leave a point without a time. (NMEA cannot say 9999: its RMC
  /// sentences give two-digit years.)
  static let formats = ["gpx", "geojson", "csv"]

  /// Times at both ends of the range: the first instant, a placeholder forage treats as no time
  /// (before 1980), and the last second and millisecond.
  static let edges = ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "9999-12-31T23:59:59.999Z"]

  /// Where the timed points are: `T` a timed point, `U` a point without a time.
  static let patterns = ["UUT", "TUU", "TUUT", "UTUUTUU"]

  /// A track file in `format` of points 40 m apart, timed at `time` where `pattern` says `T`
  /// (the last `T` of the cross-range pattern at `last`).
  static func track(_ format: String, _ pattern: String, times: [String]) -> String {
    var timeIndex = 0
    let points = pattern.enumerated().map { index, kind -> (Double, Double, String?) in
      var time: String?
      if kind == "T" {
        time = times[min(timeIndex, times.count - 1)]
        timeIndex += 1
      }
      return (60.17 + Double(index) * 0.00036, 24.94, time)
    }
    switch format {
    case "gpx":
      return #"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        + "\n"
        + points.map { latitude, longitude, time in
          #"<trkpt lat="\#(latitude)" lon="\#(longitude)">"#
            + (time.map { "<time>\($0)</time>" } ?? "") + "</trkpt>\n"
        }.joined() + "</trkseg></trk></gpx>\n"
    case "geojson":
      let coordinates = points.map { "[\($0.1),\($0.0)]" }.joined(separator: ",")
      let times = points.map { $0.2.map { "\"\($0)\"" } ?? "null" }.joined(separator: ",")
      return #"{"type":"Feature","properties":{"coordTimes":["# + times
        + #"]},"geometry":{"type":"LineString","coordinates":["# + coordinates + "]}}\n"
    default:
      return "time,lat,lon\n" + points.map { "\($0.2 ?? ""),\($0.0),\($0.1)\n" }.joined()
    }
  }

  /// Every ISO 8601 date-time in `text` whose year is not 0001 to 9999 in four digits.
  static func timesOutOfRange(_ text: String) -> [String] {
    text.matches(of: /(-?\d+)-\d\d-\d\dT\d\d:\d\d/).compactMap { match in
      let year = String(match.output.1)
      let fine = year.count == 4 && !year.hasPrefix("-") && year != "0000"
      return fine ? nil : String(text[match.range])
    }
  }

  @Test(arguments: formats, patterns)
  func whatForageWritesAtTheCalendarsEdgesItReadsBack(_ format: String, _ pattern: String) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var cases = Self.edges.map { [$0] }
    // One track that spans the whole range.
    cases.append([Self.edges[0], Self.edges[2]])
    for (number, times) in cases.enumerated() {
      let track = directory.appendingPathComponent("edge-\(number).\(format)")
      try Data(Self.track(format, pattern, times: times).utf8).write(to: track)
      let recording = directory.appendingPathComponent("edge-\(number).actions")
      let what = "\(format) \(pattern) \(times)"
      let run = try FinderFixtures.forage(
        ["run", "--track", track.path, "--limit", "1", "--record", recording.path]
      )
      try #require(run.status == 0, "\(what): \(run.stderr)")
      #expect(Self.timesOutOfRange(run.stdout) == [], "\(what)")
      #expect(run.stdout.contains(#""time_estimated":true"#), "\(what)")
      // The recording replays, in every output format.
      let replay = try FinderFixtures.forage(["replay", recording.path])
      #expect(replay.status == 0, "\(what): \(replay.stderr)")
      #expect(replay.stdout == run.stdout, "\(what)")
      for output in ["json", "geojson", "table", "html"] {
        let projected = try FinderFixtures.forage(
          ["replay", recording.path, "--format", output]
        )
        #expect(projected.status == 0, "\(what) \(output): \(projected.stderr)")
        #expect(Self.timesOutOfRange(projected.stdout) == [], "\(what) \(output)")
        if output == "geojson" {
          // The GeoJSON output is a track too.
          let again = directory.appendingPathComponent("again-\(number).geojson")
          try Data(projected.stdout.utf8).write(to: again)
          let rerun = try FinderFixtures.forage(
            ["run", "--track", again.path, "--limit", "1"]
          )
          #expect(rerun.status == 0, "\(what) as GeoJSON: \(rerun.stderr)")
          #expect(Self.timesOutOfRange(rerun.stdout) == [], "\(what) as GeoJSON")
        }
      }
      for report in [["--format", "json"], []] {
        let validate = try FinderFixtures.forage(["validate", track.path] + report)
        #expect(validate.status == 0, "\(what): \(validate.stderr)")
        #expect(Self.timesOutOfRange(validate.stdout) == [], "\(what) validate \(report)")
      }
    }
  }
}
