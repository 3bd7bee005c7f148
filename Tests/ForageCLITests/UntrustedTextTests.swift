import ForageTestSupport
import Foundation
import Testing

/// Text from files and the network reaches a terminal escaped: a place name holding ESC, BEL,
/// CR or NUL cannot retitle or clear the user's terminal through any human format, while JSON
/// stays JSON. And what the data holds that cannot be used is counted, never dropped in silence.
@Suite struct UntrustedTextTests {
  /// Characters a terminal acts on.
  static let controls: [Character] = ["\u{1B}", "\u{07}", "\r", "\u{0}", "\u{9B}", "\u{202E}"]

  /// A name that would set the terminal's title, ring, return and reorder text.
  static let hostileName = "Evil\u{1B}]0;pwned\u{07}\r\u{0}\u{9B}2J\u{202E}kcab"

  /// A dataset of one place, at the walk's start, with the hostile name.
  static func dataset(in directory: URL) throws -> URL {
    let feature: [String: Any] = [
      "type": "Feature",
      "geometry": ["type": "Point", "coordinates": [24.9433, 60.1711]],
      "properties": ["id": "evil-1", "amenity": "restaurant", "name": hostileName],
    ]
    let collection: [String: Any] = ["type": "FeatureCollection", "features": [feature]]
    let url = directory.appendingPathComponent("evil.geojson")
    try JSONSerialization.data(withJSONObject: collection).write(to: url)
    return url
  }

  static func isClean(_ text: String) -> Bool {
    !text.contains { controls.contains($0) }
  }

  @Test func humanFormatsEscapeControlCharactersAndJSONStaysJSON() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let places = try Self.dataset(in: directory).path
    let track = try FinderFixtures.walkPrefix(5, in: directory).path
    for arguments in [
      ["run", "--track", track, "--dataset", places, "--format", "table"],
      ["run", "--track", track, "--dataset", places, "--log-level", "trace"],
      [
        "nearby", "--places", places, "--at", "60.1711,24.9433", "--radius", "100", "--format",
        "table",
      ],
    ] {
      let result = try FinderFixtures.forage(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stdout.contains("Evil") || result.stderr.contains("Evil"), "\(arguments)")
      #expect(Self.isClean(result.stderr), "\(arguments): stderr has a raw control character")
      if arguments.contains("table") {
        #expect(Self.isClean(result.stdout), "\(arguments): stdout has a raw control character")
        #expect(result.stdout.contains("Evil\\u{1b}]0;pwned\\u{7}\\u{d}\\u{0}"), "\(result.stdout)")
      } else {
        // JSON escapes them its own way and reads back to the very name.
        let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("Evil") })
        let object = try #require(
          try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        )
        let first = (object["places"] as? [[String: Any]])?.first
        #expect(first?["name"] as? String == Self.hostileName)
      }
    }
  }

  @Test func aUTF16TrackReadsAsItsUTF8Self() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(20, in: directory)
    let text = try String(contentsOf: track, encoding: .utf8)
    let expected = try FinderFixtures.forage(["run", "--track", track.path])
    try #require(expected.status == 0)
    let little = directory.appendingPathComponent("le.gpx")
    let big = directory.appendingPathComponent("be.gpx")
    let bare = directory.appendingPathComponent("bare-le.gpx")
    try (Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!).write(to: little)
    try (Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!).write(to: big)
    // No byte-order mark: XML's `<?` in UTF-16 tells the encoding.
    try Data(text.data(using: .utf16LittleEndian)!).write(to: bare)
    for url in [little, big, bare] {
      let result = try FinderFixtures.forage(["run", "--track", url.path])
      #expect(result.status == 0, "\(url.lastPathComponent): \(result.stderr)")
      #expect(result.stdout == expected.stdout, "\(url.lastPathComponent)")
      let piped = try FinderFixtures.forage(
        ["run", "--track", "-"],
        stdin: try Data(contentsOf: url)
      )
      #expect(piped.stdout == expected.stdout, "\(url.lastPathComponent) from standard input")
      let validated = try FinderFixtures.forage(["validate", url.path])
      #expect(validated.status == 0, "\(validated.stderr)")
    }
  }

  @Test func impossiblePlacesInAnAnswerAreCountedInAWarning() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try ScriptedHTTPServer { _ in
      .init(
        body: #"""
          {"status":"OK","results":[
          {"place_id":"good","name":"Good","geometry":{"location":{"lat":60.1711,"lng":24.9433}}},
          {"place_id":"off","name":"Off the globe","geometry":{"location":{"lat":999,"lng":24.9}}},
          {"place_id":"nan","name":"Nowhere","geometry":{"location":{"lat":"x","lng":24.9}}}]}
          """#
      )
    }
    defer { server.close() }
    let track = try FinderFixtures.walkPrefix(3, in: directory)
    let result = try FinderFixtures.forage(
      [
        "run", "--track", track.path, "--api-base", "http://127.0.0.1:\(server.port)",
        "--provider", "google-legacy", "--network-time", "virtual",
      ],
      environment: ["PLACES_API_KEY": "k"]
    )
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains("warning: the places API's answers held 2 results"),
      "\(result.stderr)"
    )
    #expect(!result.stdout.contains("Off the globe"))
  }

  @Test func warningsSayWhatWasDoneAndCountOnlyTheReplayedPoints() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let gpx = directory.appendingPathComponent("mixed.gpx")
    try Data(
      """
      <?xml version="1.0"?>
      <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
      <wpt lat="999" lon="24.9"><name>bad waypoint</name></wpt>
      <wpt lat="60.17" lon="24.94"></wpt>
      <trk><trkseg>
      <trkpt lat="60.1710" lon="24.9433"><time>2026-06-12T11:30:00Z</time></trkpt>
      <trkpt lat="91" lon="24.9433"><time>2026-06-12T11:30:01Z</time></trkpt>
      <trkpt lat="60.1711" lon="24.9433"><time>2026-06-12T11:30:02Z</time></trkpt>
      </trkseg></trk></gpx>
      """.utf8
    ).write(to: gpx)
    // Google's legacy API gives no hours, so no warning counts places without them.
    let result = try FinderFixtures.forage([
      "run", "--track", gpx.path, "--provider", "google-legacy",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning:") }
    // One bad track point (line 7), skipped; the bad waypoint is not replayed, so not counted.
    #expect(warnings.count == 1, "\(result.stderr)")
    #expect(warnings.first?.contains("1 point with latitude or longitude") == true)
    #expect(warnings.first?.contains("(line 7)") == true, "\(result.stderr)")
    #expect(warnings.first?.hasSuffix(": skipped") == true, "\(result.stderr)")
  }

  @Test func aUTF16DatasetAndScenarioReadAsUTF8() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let places = try String(contentsOf: FinderFixtures.helsinkiPlaces, encoding: .utf8)
    try (Data([0xFF, 0xFE]) + places.data(using: .utf16LittleEndian)!).write(
      to: directory.appendingPathComponent("places16.geojson")
    )
    let scenario = #"{"initial":"notDetermined","prompt":"authorizedWhenInUse"}"#
    try (Data([0xFE, 0xFF]) + scenario.data(using: .utf16BigEndian)!).write(
      to: directory.appendingPathComponent("s16.json")
    )
    let result = try FinderFixtures.forage(
      ["run", "--track", "walk.gpx", "--dataset", "places16.geojson", "--permission", "s16.json"],
      in: directory
    )
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"places\""))
  }
}
