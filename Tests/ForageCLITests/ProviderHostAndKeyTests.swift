import ForageTestSupport
import Foundation
import Testing

/// Where the key goes and what it may hold: an `--api-base` on another provider's public host
/// (any spelling: case, a fully qualified name's final dot, a mirror under it) is refused naming
/// that provider, so a Google key never reaches an Overpass instance; a key holding a space or a
/// control character is a usage error that never quotes the key.
@Suite struct ProviderHostAndKeyTests {
  /// Each provider's public hosts, as a user might spell them.
  static let hosts: [(provider: String, host: String)] = [
    ("places-new", "places.googleapis.com"),
    ("google-legacy", "maps.googleapis.com"),
    ("overpass", "overpass-api.de"),
    ("overpass", "lz4.overpass-api.de"),
    ("overpass", "z.overpass-api.de"),
    ("overpass", "overpass.kumi.systems"),
    ("overpass", "overpass.private.coffee"),
  ]

  /// Case, the final dot, a port and a path: the same host.
  static func spellings(of host: String) -> [String] {
    [
      "https://\(host)", "https://\(host.uppercased())/", "https://\(host).",
      "https://\(host).:443/api/", "https://\(host)..//",
    ]
  }

  /// Every provider × every other provider's host × every spelling: refused, naming the
  /// provider the host serves.
  @Test(arguments: ["places-new", "google-legacy", "overpass"])
  func anotherProvidersHostIsRefusedHoweverSpelled(_ provider: String) throws {
    for (owner, host) in Self.hosts where owner != provider {
      for base in Self.spellings(of: host) {
        let result = try ProviderOptionTests.check(
          ["--provider", provider, "--api-base", base],
          environment: ["PLACES_API_KEY": "k"]
        )
        ProviderOptionTests.expectRefused(result, "use --provider \(owner)", "\(provider) \(base)")
      }
    }
  }

  /// A provider's own host, however spelled, is taken (the run gets as far as the timeout check).
  @Test(arguments: hosts)
  func theProvidersOwnHostIsTakenHoweverSpelled(provider: String, host: String) throws {
    for base in Self.spellings(of: host) {
      let result = try ProviderOptionTests.check(
        ["--provider", provider, "--api-base", base],
        environment: ["PLACES_API_KEY": "k"]
      )
      #expect(result.stderr.contains("--request-timeout must be"), "\(base): \(result.stderr)")
    }
  }

  /// Every place in the key × every space or control character: one line, exit 64, naming the
  /// variable and never the key.
  @Test(arguments: ["\n", "\r\n", "\t", " ", "\u{7F}", "\u{1}", "\u{0B}", "\u{A0}"])
  func aKeyWithASpaceOrAControlCharacterIsAUsageError(_ bad: String) throws {
    let secret = "AIzaSyTESTKEY0123456789"
    for key in [bad + secret, secret.prefix(8) + bad + secret.dropFirst(8), secret + bad] {
      for variable in ["PLACES_API_KEY", "MY_KEY"] {
        let options =
          ["--api-base", "https://places.googleapis.com"]
          + (variable == "PLACES_API_KEY" ? [] : ["--api-key-env", variable])
        let result = try ProviderOptionTests.check(options, environment: [variable: String(key)])
        ProviderOptionTests.expectRefused(
          result,
          "the API key in the environment variable \(variable) holds a space or a control",
          "\(bad.unicodeScalars.map(\.value)) in \(variable)"
        )
        #expect(!result.stderr.contains("TESTKEY"), "\(result.stderr)")
      }
    }
  }

  /// With Places API (New) a type the mock's dataset does not hold and Google does not list (a
  /// typo) is one line and exit 64 with the nearest names, before any answer; a listed type the
  /// dataset lacks still runs (its answers are empty, as the real API's would be).
  @Test(arguments: ["restaurnt", "Restaurants", "resturant", "bar_", "cafee", "Restaurant", "CAFE"])
  func aMistypedTypeIsRefusedWithTheNearest(_ type: String) throws {
    let result = try FinderFixtures.forage([
      "run", "--track", FinderFixtures.walk.path, "--type", type,
    ])
    #expect(result.status == 64, "\(type): \(result.stderr)")
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n").filter { !$0.contains("using the in-process") }
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(lines.first?.contains("--type '\(type)' is not a place type") == true)
    #expect(lines.first?.contains("nearest: ") == true, "\(result.stderr)")
  }

  /// A type that only comes back in answers (Google's Table B: every bundled restaurant has
  /// `food`, `point_of_interest` and `establishment`) is refused as the real API refuses it,
  /// with advice that works (the in-process mock answered it).
  @Test(arguments: ["food", "point_of_interest", "establishment", "finance"])
  func aTypeOnlyAnswersCarryIsRefused(_ type: String) throws {
    let result = try FinderFixtures.forage([
      "run", "--track", FinderFixtures.walk.path, "--type", type,
    ])
    #expect(result.status == 64, "\(type): \(result.stderr)")
    let lines = result.stderr.split(separator: "\n").filter { !$0.contains("using the in-process") }
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(lines.first?.contains("does not search for it (Google's Table B)") == true)
    #expect(lines.first?.hasSuffix("such as restaurant") == true, "\(result.stderr)")
  }

  @Test func aListedTypeTheDatasetLacksRuns() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(5, in: directory)
    let output = try FinderFixtures.run(["--track", track.path, "--type", "zoo"])
    #expect(output.answeredFixes.count == 5)
  }

  /// The real API answers an unsupported type with `INVALID_ARGUMENT`: one line naming what it
  /// said, and exit 64 (the options must change), not "unusable" (69).
  @Test func anUnsupportedTypeAnsweredByTheAPIIsAUsageError() throws {
    let server = try ScriptedHTTPServer(
      body:
        #"{"error":{"code":400,"message":"Unsupported types: restaurnt.","status":"INVALID_ARGUMENT"}}"#
    )
    defer { server.close() }
    let result = try FinderFixtures.forage(
      [
        "run", "--track", FinderFixtures.walk.path, "--api-base",
        "http://127.0.0.1:\(server.port)", "--type", "restaurnt", "--network-time", "virtual",
      ],
      environment: ["PLACES_API_KEY": "k"]
    )
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("the places API refused the search: "), "\(result.stderr)")
    #expect(result.stderr.contains("Unsupported types: restaurnt"), "\(result.stderr)")
  }
}

/// `--open` where the in-process mock can serve no hours on the chosen wire: every answer would
/// be empty, so the run is refused before it starts, naming what serves them.
@Suite struct OpenWithoutHoursTests {
  @Test(arguments: [[String](), ["--provider", "places-new"], ["--limit", "5", "--type", "cafe"]])
  func openWithPlacesNewOverOpenStreetMapHoursIsRefused(_ options: [String]) throws {
    let result = try FinderFixtures.forage(
      ["run", "--track", FinderFixtures.walk.path, "--open"] + options
    )
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.contains("use --provider overpass --timezone Europe/Helsinki instead"),
      "\(result.stderr)"
    )
  }

  /// With a dataset of weekly timetables (Google's shape) the same run answers.
  @Test func openWithPlacesNewOverWeeklyHoursRuns() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(5, in: directory)
    let dataset = directory.appendingPathComponent("weekly.geojson")
    try Data(
      #"""
      {"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[24.9445,60.172]},"properties":{"place_id":"w1","name":"Always","types":["restaurant"],"opening_hours":{"periods":[{"open":{"day":0,"time":"0000"}}],"utc_offset_minutes":120}}}]}
      """#.utf8
    ).write(to: dataset)
    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--dataset", dataset.path, "--open",
    ])
    #expect(result.status == 0, "\(result.stderr)")
  }
}
