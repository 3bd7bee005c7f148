import ForageTestSupport
import Foundation
import Testing

/// `forage run`'s output contract: real NDJSON of every event kind validates against the JSON
/// Schema in Resources/, and the json, geojson and table formats carry the same run.
@Suite struct RunFormatTests {
  /// Checks NDJSON against the schema and the stream rules the schema cannot state.
  static func expectValid(_ ndjson: String, complete: Bool = true) throws {
    let errors = try JSONSchemaCheck.errors(in: ndjson, schema: FinderFixtures.schema)
    #expect(errors.isEmpty, "\(errors.prefix(5))")
    let output = try RunOutput(ndjson: ndjson)
    #expect(output.events.map(\.seq) == Array(0..<output.events.count))
    #expect(output.events.first?.event == "permission")
    if complete {
      #expect(output.summary != nil)
      #expect(output.named("summary").count == 1)
      #expect(output.summary?.placesEvents == output.named("places").count)
    }
  }

  @Test(
    .enabled(if: JSONSchemaCheck.isAvailable),
    arguments: [
      [String](),
      ["--changes-only", "--type", "cafe", "--radius", "250", "--limit", "3"],
      [
        "--permission", "prompt-grant,revoke@fix:40,grant@fix:90", "--noise", "5", "--dropout",
        "0.1",
      ],
      ["--permission", "reduced"],
      ["--permission", "denied"],
    ]
  )
  func realOutputValidatesAgainstTheSchema(arguments: [String]) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(150, in: directory)

    let result = try FinderFixtures.forage(["run", "--track", track.path] + arguments)

    #expect(result.status == 0)
    try Self.expectValid(result.stdout)
  }

  @Test(.enabled(if: JSONSchemaCheck.isAvailable))
  func everyEventKindAppearsAndValidates() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(150, in: directory)

    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--permission", "granted,revoke@fix:40,grant@fix:60",
      "--dropout", "0.1", "--seed", "3",
    ])

    let output = try RunOutput(ndjson: result.stdout)
    let kinds = Set(output.events.map(\.event))
    // `error` events come from a faulty API: RunFaultTests validates those.
    #expect(kinds == ["permission", "location", "places", "dropped", "lost", "summary"])
    try Self.expectValid(result.stdout)
  }

  @Test(.enabled(if: JSONSchemaCheck.isAvailable))
  func anAbortedRunsOutputValidatesToo() throws {
    let result = try FinderFixtures.forage([
      "run", "--track", FinderFixtures.walk.path, "--api-base", "http://127.0.0.1:1",
      "--network-time", "virtual",
    ])

    #expect(result.status == 69)
    let output = try RunOutput(ndjson: result.stdout)
    #expect(output.named("error").first?.kind == "transport")
    try Self.expectValid(result.stdout, complete: false)
  }

  @Test(.enabled(if: JSONSchemaCheck.isAvailable))
  func theSchemaRejectsWhatIsNotAnEvent() throws {
    let bad = [
      #"{"event":"places","seq":0,"time":"2026-06-12T11:30:00Z","fix_index":0}"#,
      #"{"event":"location","seq":1,"time":"yesterday","fix_index":0,"lat":1,"lon":2}"#,
      #"{"event":"teleport","seq":2,"time":"2026-06-12T11:30:00Z"}"#,
    ]
    let errors = try JSONSchemaCheck.errors(
      in: bad.joined(separator: "\n"),
      schema: FinderFixtures.schema
    )
    for line in 1...3 { #expect(errors.contains { $0.hasPrefix("line \(line):") }, "\(errors)") }
  }

  @Test func jsonIsOneDocumentWithTheSameEvents() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(100, in: directory)
    let ndjson = try FinderFixtures.forage(["run", "--track", track.path])

    let json = try FinderFixtures.forage(["run", "--track", track.path, "--format", "json"])

    #expect(json.status == 0)
    struct Document: Decodable {
      struct Summary: Decodable { var fixes: Int }
      var events: [RunEvent]
      var summary: Summary
    }
    let document = try JSONDecoder().decode(Document.self, from: Data(json.stdout.utf8))
    #expect(document.events == (try RunOutput(ndjson: ndjson.stdout)).events)
    #expect(document.summary.fixes == 100)
    #expect(json.stdout.split(separator: "\n").count == 1)
  }

  @Test func geojsonIsAFeatureCollectionOfTheTrackAndThePlaces() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(200, in: directory)
    let output = try FinderFixtures.run(["--track", track.path])

    let result = try FinderFixtures.forage(["run", "--track", track.path, "--format", "geojson"])

    #expect(result.status == 0)
    let collection = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    )
    #expect(collection["type"] as? String == "FeatureCollection")
    let features = try #require(collection["features"] as? [[String: Any]])
    let geometries = features.compactMap { $0["geometry"] as? [String: Any] }
    let lines = geometries.filter { $0["type"] as? String == "LineString" }
    #expect(lines.count == 1)
    let coordinates = try #require(lines.first?["coordinates"] as? [[Double]])
    #expect(coordinates.count == output.deliveredFixes.count)
    // GeoJSON order: longitude first.
    let first = try #require(output.named("location").first)
    #expect(coordinates.first == [try #require(first.lon), try #require(first.lat)])
    let placeIDs = Set(
      features.compactMap { ($0["properties"] as? [String: Any])?["id"] as? String }
    )
    let found = Set(output.named("places").flatMap { ($0.places ?? []).map(\.id) })
    #expect(placeIDs == found)
    #expect(geometries.count == 1 + found.count)
  }

  @Test func tableIsForPeople() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(100, in: directory)

    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--format", "table", "--provider", "google-legacy",
    ])

    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("TIME") && $0.contains("NEAREST") })
    #expect(lines.filter { $0.hasPrefix("2026-") && $0.contains("cache") }.count > 50)
    // The totals, then the bundled places' attribution.
    #expect(lines.dropLast().last?.hasPrefix("fixes 100, used 100") == true, "\(lines.suffix(2))")
    #expect(lines.last == "places data: \(FinderFixtures.bundledNotice)"[...])
    #expect(!result.stdout.contains("{"))
  }

  @Test func outputToAFileIsTheSameBytesAsStandardOutput() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(100, in: directory)
    let file = directory.appendingPathComponent("out.ndjson")

    let toFile = try FinderFixtures.forage([
      "run", "--track", track.path, "--output", file.path,
    ])
    let toStdout = try FinderFixtures.forage(["run", "--track", track.path])

    #expect(toFile.status == 0)
    #expect(toFile.stdout.isEmpty)
    #expect(try String(contentsOf: file, encoding: .utf8) == toStdout.stdout)
    // Progress goes to a terminal only, and standard error here is a pipe.
    #expect(!toFile.stderr.contains("fix 1"))
  }
}
