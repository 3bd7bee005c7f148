import ForageTestSupport
import Foundation
import Testing

/// Messages say what is wrong, not something else that happens to be true.
@Suite struct MessageTests {
  static func run(_ extra: [String]) throws -> BinaryResult {
    try FinderFixtures.forage(["run", "--track", FinderFixtures.walk.path] + extra)
  }

  @Test(arguments: [
    (["--radius", "-5"], "--radius must be above 0 and at most 50000 metres, not -5"),
    (["--permission", "granted,revoke@fix:-1"], "expected fix:N with N a whole number ≥ 0"),
    (["--permission", "granted,grant@"], "has nothing after '@'"),
    (["--permission", "grant@"], "is a permission change, not a scenario"),
    (["--permission", "granted,revoke@fix:3,grant@20m"], "write minutes as min (20min)"),
  ])
  func aBadOptionSaysWhatIsWrong(_ arguments: [String], _ expected: String) throws {
    let result = try Self.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(expected), "\(result.stderr)")
    #expect(!result.stderr.contains("Missing value") && !result.stderr.contains("has no '@'"))
  }

  /// `run` without a source fails its own check before ArgumentParser's "did you mean" is
  /// reached: a mistyped source option still gets its suggestion (every typo of one or two
  /// edits, of both options, with and without `=value`).
  @Test(arguments: [
    ("--trak", "--track"), ("--trackk", "--track"), ("--rtack", "--track"), ("--tracks", "--track"),
    ("--gpds", "--gpsd"), ("--gps", "--gpsd"), ("--gpsdd", "--gpsd"),
  ])
  func aMistypedSourceGetsDidYouMean(_ typo: String, _ meant: String) throws {
    for words in [[typo, "walk.gpx"], ["\(typo)=walk.gpx"], ["--limit", "3", typo, "x"]] {
      let result = try FinderFixtures.forage(["run"] + words)
      #expect(result.status == 64)
      #expect(
        result.stderr.contains("unknown option '\(typo)'; did you mean '\(meant)'?"),
        "\(words): \(result.stderr)"
      )
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
  }

  @Test func withoutATypoThereIsNoSuggestion() throws {
    for words in [[String](), ["--limit", "3"], ["--", "--trak"], ["--t", "x"]] {
      let result = try FinderFixtures.forage(["run"] + words)
      #expect(result.status == 64)
      #expect(result.stderr.contains("give --track FILE or --gpsd HOST:PORT"), "\(result.stderr)")
      #expect(!result.stderr.contains("did you mean"), "\(words): \(result.stderr)")
    }
  }

  /// A query the provider cannot run is refused before any request: 64, one line, naming the
  /// provider's rule or the variable to set, and nothing on standard output.
  @Test(arguments: [
    (
      ["--provider", "places-new", "--keyword", "pizza"],
      "--keyword cannot be used with --provider places-new"
    ),
    (
      ["--provider", "places-new", "--keyword", "pizza", "--type", "cafe", "--dataset", "x"],
      "--keyword cannot be used with --provider places-new"
    ),
    (
      [
        "--provider", "google-legacy", "--api-base", "https://maps.googleapis.com",
        "--api-key-env", "FORAGE_TEST_NO_SUCH_KEY",
      ],
      "set the environment variable FORAGE_TEST_NO_SUCH_KEY"
    ),
    (
      [
        "--provider", "places-new", "--api-base", "https://PLACES.googleapis.com/",
        "--api-key-env", "FORAGE_TEST_NO_SUCH_KEY",
      ],
      "set the environment variable FORAGE_TEST_NO_SUCH_KEY"
    ),
  ])
  func aQueryTheProviderCannotRunIsRefusedFirst(_ arguments: [String], _ expected: String) throws {
    let result = try Self.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(expected), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(!result.stderr.contains("in-process mock"), "\(result.stderr)")
  }

  /// A server other than Google's own may need no key (docs/mock-server.md's local `mock-places`): no
  /// refusal there, and an empty key variable counts as unset for Google.
  @Test func onlyGooglesOwnHostsDemandAKey() throws {
    // `--request-timeout 0` is refused after the key check, so it shows the check passed.
    func run(_ base: String) throws -> BinaryResult {
      try FinderFixtures.forage(
        [
          "run", "--track", FinderFixtures.walk.path, "--api-base", base, "--allow-insecure-http",
          "--provider", "google-legacy",
          "--api-key-env", "FORAGE_TEST_EMPTY_KEY", "--request-timeout", "0",
        ],
        environment: ["FORAGE_TEST_EMPTY_KEY": ""]
      )
    }
    let google = try run("https://maps.googleapis.com")
    #expect(google.status == 64)
    #expect(google.stderr.contains("needs an API key"), "\(google.stderr)")
    for base in ["http://127.0.0.1:9", "https://example.com", "https://googleapis.com.example"] {
      let other = try run(base)
      #expect(other.status == 64)
      #expect(other.stderr.contains("--request-timeout"), "\(base): \(other.stderr)")
      #expect(!other.stderr.contains("needs an API key"), "\(base): \(other.stderr)")
    }
  }

  @Test func minutesAreMin() throws {
    let result = try Self.run(["--permission", "granted,revoke@fix:3,grant@1min", "--limit", "1"])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func aPolygonIsNotATrack() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = directory.appendingPathComponent("area.geojson")
    try Data(#"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}"#.utf8).write(to: track)
    let result = try FinderFixtures.forage(["run", "--track", track.path])
    #expect(result.status == 65)
    #expect(result.stderr.contains("a Polygon is not a track"), "\(result.stderr)")
  }
}

/// One voice in JSON too: every key forage writes is snake_case.
@Suite struct SnakeCaseTests {
  static func keys(_ value: Any) -> [String] {
    if let object = value as? [String: Any] {
      return object.keys + object.values.flatMap(keys)
    }
    if let array = value as? [Any] { return array.flatMap(keys) }
    return []
  }

  @Test func validateWritesSnakeCase() throws {
    let result = try FinderFixtures.forage([
      "validate", FinderFixtures.walk.path, "--format", "json",
    ])
    #expect(result.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    let keys = Self.keys(json)
    #expect(keys.contains("distance_m"))
    #expect(
      keys.allSatisfy { $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" } },
      "\(keys)"
    )
  }
}
