import ForageSupport
import ForageTestSupport
import Foundation
import Testing

/// `forage run --provider overpass` end to end: the built `forage` against the built
/// `mock-places` serving Overpass QL from the Helsinki dataset. Every `places` event equals the
/// brute-force geodesic oracle (places tagged `amenity=TYPE`, names matched for a keyword),
/// though the mock measures `around` on a sphere as Overpass does; load shedding (429, 504) is
/// retried, and a `remark` is an error event, never an empty answer.
@Suite struct OverpassRunTests {
  /// The run's arguments against a server, with network waits in virtual time.
  static func arguments(track: URL, server: MockPlacesProcess) -> [String] {
    [
      "run", "--track", track.path, "--provider", "overpass", "--api-base",
      server.url.absoluteString, "--network-time", "virtual",
    ]
  }

  /// Runs forage against a fresh mock with these extra arguments for each.
  static func run(
    track: URL,
    forage extra: [String] = [],
    mock mockArguments: [String] = []
  ) throws -> (result: BinaryResult, output: RunOutput, server: MockPlacesProcess) {
    let server = try MockPlacesProcess(
      dataset: FinderFixtures.helsinkiPlaces,
      arguments: mockArguments
    )
    let result = try FinderFixtures.forage(arguments(track: track, server: server) + extra)
    return (result, try RunOutput(ndjson: result.stdout), server)
  }

  @Test func everyAnswerOnTheHelsinkiWalkIsTheOracles() async throws {
    let (result, output, server) = try Self.run(track: FinderFixtures.walk)
    defer { server.stop() }

    #expect(result.status == 0, "\(result.stderr)")
    #expect(output.deliveredFixes == Array(0..<3900))
    #expect(output.answeredFixes == output.deliveredFixes)
    let oracle = try FinderOracle(dataset: FinderFixtures.helsinkiPlaces, amenity: "restaurant")
    let mismatches = try oracle.mismatches(in: output)
    #expect(mismatches.isEmpty, "\(mismatches.count) wrong answers: \(mismatches.prefix(5))")
    let summary = try #require(output.summary)
    #expect(summary.errors == 0)
    // One answer covers its whole disk: far fewer requests than fixes.
    let requests = try #require(summary.requests)
    #expect(requests > 0 && requests * 5 <= 3900, "\(requests) requests")
    // OpenStreetMap's one notice: the provider's, the dataset's and osm3s's are the same source.
    #expect(
      result.stdout.contains(#""attribution":""# + FinderFixtures.bundledNotice + #""}"#)
    )

    // What reached the server: form-encoded QL posted one request at a time, naming forage.
    let journal = try await server.admin("/__admin/requests")["requests"] as? [[String: Any]]
    let entries = try #require(journal)
    #expect(entries.count == requests)
    for entry in entries.prefix(5) {
      #expect(entry["method"] as? String == "POST")
      #expect(entry["path"] as? String == "/api/interpreter")
      let headers = entry["headers"] as? [[String: String]] ?? []
      let agent = headers.first { $0["name"]?.lowercased() == "user-agent" }?["value"]
      #expect(agent?.hasPrefix("forage/") == true, "\(String(describing: agent))")
      #expect((entry["body"] as? String)?.hasPrefix("data=%5Bout%3Ajson%5D") == true)
    }
  }

  @Test(
    arguments: [
      (type: "cafe", keyword: nil, radius: 300.0, limit: 5),
      (type: "bar", keyword: nil, radius: 1000.0, limit: 3),
      (type: "pub", keyword: nil, radius: 150.0, limit: 20),
      (type: "fast_food", keyword: nil, radius: 800.0, limit: 60),
      (type: "restaurant", keyword: "sushi", radius: 2000.0, limit: 4),
      (type: "restaurant", keyword: #"Bar & "Grill"\.*"#, radius: 800.0, limit: 4),
      (type: "cafe", keyword: "KAHVI", radius: 5000.0, limit: 10),
    ] as [(type: String, keyword: String?, radius: Double, limit: Int)]
  )
  func otherTypesKeywordsRadiiAndLimitsMatchTheOracle(
    type: String,
    keyword: String?,
    radius: Double,
    limit: Int
  ) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 13, count: 300, in: directory)
    let (result, output, server) = try Self.run(
      track: track,
      forage: ["--type", type, "--radius", "\(radius)", "--limit", "\(limit)"]
        + (keyword.map { ["--keyword", $0] } ?? [])
    )
    defer { server.stop() }

    #expect(result.status == 0, "\(result.stderr)")
    #expect(output.answeredFixes == output.deliveredFixes)
    let oracle = try FinderOracle(
      dataset: FinderFixtures.helsinkiPlaces,
      amenity: type,
      keyword: keyword,
      radius: radius,
      limit: limit
    )
    let mismatches = try oracle.mismatches(in: output)
    #expect(mismatches.isEmpty, "\(mismatches.count) wrong answers: \(mismatches.prefix(3))")
  }

  @Test(arguments: [
    "http429@next:2", "http429:retry-after=3@fraction:0.2:seed=3", "http504@next:2",
    // The sample costs 2 searches (the second widened where few restaurants are near).
    "http504:retry-after=1@every:2", "remark@next:2", "remark@fraction:0.2:seed=3",
  ])
  func loadSheddingIsRetriedAndEveryAnswerIsTheOracles(fault: String) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 10, count: 150, in: directory)
    let (result, output, server) = try Self.run(track: track, mock: ["--fault", fault])
    defer { server.stop() }

    #expect(result.status == 0, "\(result.stderr)")
    let oracle = try FinderOracle(dataset: FinderFixtures.helsinkiPlaces, amenity: "restaurant")
    #expect(try oracle.mismatches(in: output).isEmpty)
    #expect(output.answeredFixes == output.deliveredFixes)
    let errors = output.named("error")
    #expect(!errors.isEmpty, "the fault never fired")
    #expect(errors.allSatisfy { $0.retrying == true })
    let kind = fault.hasPrefix("remark") ? "runtime_error" : "http_status"
    #expect(errors.allSatisfy { $0.kind == kind }, "\(errors.map(\.kind))")
  }

  @Test func aRemarkOnEverySearchIsAnErrorEventNeverAnEmptyAnswer() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 100, count: 5, in: directory)
    let (result, output, server) = try Self.run(track: track, mock: ["--fault", "remark"])
    defer { server.stop() }

    // An API that refuses every search from the first is unusable, whatever the reason: the run
    // stops at the first fix, in bounded time, with exit 69 and the remark quoted.
    #expect(result.status == 69, "\(result.stderr)")
    #expect(result.stderr.contains("unusable"), "\(result.stderr)")
    #expect(output.named("places").isEmpty)
    let final = output.named("error").filter { $0.retrying == false }
    #expect(final.count == 1)
    #expect(
      final.allSatisfy {
        $0.kind == "runtime_error" && ($0.message ?? "").contains("runtime error: Query timed out")
      }
    )
  }

  @Test func aSyntaxErrorPageStopsTheRunWithTheParsersMessage() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(10, in: directory)
    let (result, output, server) = try Self.run(track: track, mock: ["--fault", "syntax-error"])
    defer { server.stop() }

    #expect(result.status == 69, "\(result.stderr)")
    #expect(
      result.stderr
        == "forage: the places API is unusable: places search for fix 0 failed: INVALID_REQUEST: "
        + "Overpass could not run the query: line 1: parse error: mock fault: syntax-error\n",
      "\(result.stderr)"
    )
    #expect(output.named("places").isEmpty)
  }

  @Test func anUnsupportedTypeIsAUsageError() throws {
    let result = try FinderFixtures.forage([
      "run", "--track", FinderFixtures.walk.path, "--provider", "overpass", "--type", "bakery",
    ])
    #expect(result.status == 64)
    #expect(
      result.stderr.contains(
        "--type 'bakery' has no OpenStreetMap tag with --provider overpass; "
          + "use bar, cafe, fast_food, pub or restaurant"
      )
    )
  }

  @Test func theTableEndsWithTheAttribution() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(20, in: directory)
    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--provider", "overpass", "--format", "table",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    // OpenStreetMap's notice once, though Overpass always carries one and the bundled places
    // (the in-process mock serves them) carry their own: the same as through mock-places.
    #expect(
      result.stdout.hasSuffix("places data: \(FinderFixtures.bundledNotice)\n"),
      "\(result.stdout.suffix(300))"
    )
  }

  @Test func aReplayOfARecordingKeepsTheAttribution() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(30, in: directory)
    let recording = directory.appendingPathComponent("run.actions")
    let run = try FinderFixtures.forage([
      "run", "--track", track.path, "--provider", "overpass", "--record", recording.path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let replay = try FinderFixtures.forage(["replay", recording.path])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout == run.stdout)
    #expect(
      replay.stdout.contains(#""attribution":"\#(FinderFixtures.bundledNotice)""#)
    )
    if JSONSchemaCheck.isAvailable {
      #expect(try JSONSchemaCheck.errors(in: run.stdout, schema: FinderFixtures.schema).isEmpty)
    }
  }

  /// Writes a walk due north across the equator, where Overpass's sphere measures north–south
  /// distances 0.56 % longer than the geodesic, and restaurants scattered around it.
  static func equatorWalk(in directory: URL) throws -> (track: URL, places: URL) {
    var random = SplitMix64(seed: 13)
    func uniform() -> Double { Double(random.next() % 1_000_000) / 1_000_000 }
    let points = (0..<120).map { step in
      let latitude = -0.01 + 0.02 * Double(step) / 119
      let second = String(format: "%02d", step % 60)
      return
        #"<trkpt lat="\#(latitude)" lon="10"><time>2026-03-20T12:0\#(step / 60):\#(second)Z</time></trkpt>"#
    }
    let gpx =
      #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
      + points.joined(separator: "\n") + "</trkseg></trk></gpx>\n"
    let features = (0..<150).map { index in
      let latitude = -0.018 + 0.036 * uniform()
      let longitude = 10 - 0.008 + 0.016 * uniform()
      return
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(longitude),\#(latitude)]},"#
        + #""properties":{"id":"osm-node-\#(index + 1)","amenity":"restaurant","name":"R\#(index)"}}"#
    }
    let geojson =
      #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}\n"
    let track = directory.appendingPathComponent("equator.gpx")
    let places = directory.appendingPathComponent("equator.geojson")
    try Data(gpx.utf8).write(to: track)
    try Data(geojson.utf8).write(to: places)
    return (track, places)
  }

  @Test func placesJustInsideRAreAnsweredWhereTheSphereMeasuresLonger() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (track, places) = try Self.equatorWalk(in: directory)
    let server = try MockPlacesProcess(dataset: places)
    defer { server.stop() }

    for policy in ["coverage", "every-fix"] {
      let result = try FinderFixtures.forage(
        Self.arguments(track: track, server: server) + ["--limit", "60", "--query-policy", policy]
      )
      #expect(result.status == 0, "\(result.stderr)")
      let output = try RunOutput(ndjson: result.stdout)
      #expect(output.answeredFixes == Array(0..<120))
      let oracle = try FinderOracle(dataset: places, amenity: "restaurant", limit: 60)
      let mismatches = try oracle.mismatches(in: output)
      #expect(mismatches.isEmpty, "\(policy): \(mismatches.count) wrong: \(mismatches.prefix(3))")
    }
  }
}
