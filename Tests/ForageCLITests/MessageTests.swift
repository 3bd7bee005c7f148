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
        result.stderr.contains("'\(typo)' is not an option; did you mean '\(meant)'?"),
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
    #expect(keys.contains("distance_metres"))
    #expect(
      keys.allSatisfy { $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" } },
      "\(keys)"
    )
  }
}
