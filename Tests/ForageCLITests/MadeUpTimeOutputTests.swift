import ForageTestSupport
import Foundation
import Testing

/// A time forage made up (the track gave the fix none) is marked in every output that shows
/// times: `"time_estimated":true` in JSON events, a `~` after the time in the table; a replay
/// marks the same events.
@Suite struct MadeUpTimeOutputTests {
  @Test func madeUpTimesAreMarkedAndRealOnesAreNot() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = directory.appendingPathComponent("partly-timed.gpx")
    try Data(
      (#"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        + #"<trkpt lat="60.1710460" lon="24.9432771"/>"#
        + #"<trkpt lat="60.1710355" lon="24.9432644"/>"#
        + #"<trkpt lat="60.1710176" lon="24.9432208"><time>2024-05-01T10:00:09Z</time></trkpt>"#
        + "</trkseg></trk></gpx>\n").utf8
    ).write(to: track)
    let recording = directory.appendingPathComponent("run.actions")
    let run = try FinderFixtures.forage(
      ["run", "--track", track.path, "--limit", "1", "--record", recording.path]
    )
    try #require(run.status == 0, "\(run.stderr)")
    let locations = run.stdout.split(separator: "\n").filter { $0.contains(#""event":"location""#) }
    #expect(locations.count == 3)
    #expect(locations.prefix(2).allSatisfy { $0.contains(#""time_estimated":true"#) })
    #expect(!locations[2].contains("time_estimated"))
    #expect(try JSONSchemaCheck.errors(in: run.stdout, schema: FinderFixtures.schema) == [])

    let replay = try FinderFixtures.forage(["replay", recording.path])
    #expect(replay.stdout == run.stdout)

    let table = try FinderFixtures.forage(
      ["run", "--track", track.path, "--limit", "1", "--format", "table"]
    )
    let rows = table.stdout.split(separator: "\n").filter { $0.hasPrefix("2024-") }
    #expect(rows.filter { $0.split(separator: " ").first?.hasSuffix("Z~") == true }.count >= 2)
    #expect(rows.contains { $0.hasPrefix("2024-05-01T10:00:09Z ") })

    // validate counts them, in JSON (valid against its schema) and in the table.
    let report = try FinderFixtures.forage(["validate", track.path, "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
    )
    #expect(object["estimated_times"] as? Int == 2, "\(report.stdout)")
    #expect(
      try JSONSchemaCheck.errors(
        inDocument: report.stdout,
        schema: FinderFixtures.outputSchema,
        definition: "validate_report"
      ) == []
    )
    let text = try FinderFixtures.forage(["validate", track.path])
    #expect(text.stdout.contains("2 fix(es): forage made up their times"), "\(text.stdout)")
    let timed = try FinderFixtures.forage(
      ["validate", FinderFixtures.walk.path, "--format", "json"]
    )
    #expect(!timed.stdout.contains("estimated_times"))
  }
}
