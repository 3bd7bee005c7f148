import ForageTestSupport
import Foundation
import Testing

/// `forage run`'s failures: bad tracks, bad flags, an unusable API and unwritable output each
/// give a one-line message on standard error and the documented sysexits code.
@Suite struct RunErrorTests {
  /// The lines of standard error that are errors (the in-process mock's notice is not one).
  static func errorLines(_ result: BinaryResult) -> [Substring] {
    result.stderr.split(separator: "\n").filter { !$0.contains("using the in-process mock") }
  }

  @Test(arguments: [
    (
      name: "malformed.gpx",
      text: """
      <?xml version="1.0"?>
      <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
      <trkpt lat="60.1" lon="24.9"><time>2026-01-01T00:00:00Z</time></trkpt>
      <trkpt lat="60.1" lon=24.9></trkpt>
      </trkseg></trk></gpx>
      """,
      expected: "malformed.gpx:4:"
    ),
    (
      name: "no-points.gpx",
      text: """
      <?xml version="1.0"?>
      <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
      </trkseg></trk></gpx>
      """,
      expected: "no-points.gpx: expected at least one usable fix"
    ),
    (name: "empty.gpx", text: "", expected: "empty.gpx:1:"),
    (name: "noise.nmea", text: "hello\nworld\n", expected: "noise.nmea: expected"),
  ])
  func aBadTrackIsABadDataErrorNamingTheFile(
    name: String,
    text: String,
    expected: String
  )
    throws
  {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: track)

    let result = try FinderFixtures.forage(["run", "--track", track.path])

    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    let lines = Self.errorLines(result)
    #expect(lines.count == 1, "stderr: \(result.stderr)")
    #expect(lines.first?.contains(expected) == true, "stderr: \(result.stderr)")
  }

  @Test func aBadTrackStartsNoServer() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = directory.appendingPathComponent("empty.gpx")
    try Data().write(to: track)

    let result = try FinderFixtures.forage(["run", "--track", track.path])

    #expect(result.status == 65)
    #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)")
  }

  @Test func aMissingTrackIsAnIOError() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "forage-no-such-\(UUID().uuidString).gpx"
    ).path

    let result = try FinderFixtures.forage(["run", "--track", path])

    #expect(result.status == 74)
    #expect(result.stdout.isEmpty)
    let lines = Self.errorLines(result)
    #expect(lines.count == 1)
    #expect(lines.first?.contains(path) == true, "stderr: \(result.stderr)")
  }

  @Test(arguments: [
    ["--no-such-flag"],
    ["--radius", "-5"],
    ["--radius", "60000"],
    ["--limit", "0"],
    ["--format", "xml"],
    ["--query-policy", "sometimes"],
    ["--permission", "maybe"],
    ["--speed", "2", "--realtime"],
    ["--dropout", "1.5"],
    ["--api-base", "ftp://127.0.0.1/"],
    ["--api-base", "http://example.com"],
    ["--api-base", "http://127.0.0.1:9", "--dataset", "places.geojson"],
    // Forage answers a fix with at most 60 places, whatever the provider.
    ["--limit", "61"],
    ["--provider", "places-new", "--limit", "61"],
    // Without a type or keyword the API cannot rank by distance: the K nearest are not knowable.
    ["--type", ""],
    ["--provider", "google"],
    ["--fields", "pro", "--open"],
  ])
  func aBadFlagIsAUsageError(arguments: [String]) throws {
    let result = try FinderFixtures.forage(
      ["run", "--track", FinderFixtures.walk.path] + arguments
    )

    #expect(result.status == 64, "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("forage: "), "stderr: \(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)")
  }

  @Test func aMissingTrackFlagIsAUsageError() throws {
    let result = try FinderFixtures.forage(["run"])

    #expect(result.status == 64)
    #expect(result.stderr.contains("--track"))
  }

  @Test func plainHTTPToAnotherHostIsAllowedOnlyWhenAsked() throws {
    let refused = try FinderFixtures.forage([
      "run", "--track", FinderFixtures.walk.path, "--api-base", "http://example.com",
    ])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--allow-insecure-http"))

    // With the flag, validation passes and the run goes as far as the track check.
    let allowed = try FinderFixtures.forage([
      "run", "--track", "/nonexistent/forage.gpx", "--api-base", "http://example.com",
      "--allow-insecure-http",
    ])
    #expect(allowed.status == 74)
  }

  @Test func anUnreachableAPIIsUnavailable() throws {
    let result = try FinderFixtures.forage([
      "run", "--track", FinderFixtures.walk.path, "--api-base", "http://127.0.0.1:1",
    ])

    #expect(result.status == 69)
    let lines = Self.errorLines(result)
    #expect(lines.count == 1, "stderr: \(result.stderr)")
    #expect(lines.first?.contains("places API is unusable") == true)
    #expect(lines.first?.contains("127.0.0.1 port 1") == true, "stderr: \(result.stderr)")
    // It stops at once: nothing after the first failed search.
    let output = try RunOutput(ndjson: result.stdout)
    #expect(output.deliveredFixes.count <= 1)
    #expect(output.named("places").isEmpty)
  }

  /// Retried attempts are numbered across the whole search, its rounds included (they were
  /// numbered within each round, with the round's last counted by the default policy).
  @Test func retriedAttemptsAreNumberedAcrossTheSearch() throws {
    let result = try FinderFixtures.forage([
      "run", "--track", FinderFixtures.walk.path, "--api-base", "http://127.0.0.1:1",
    ])
    #expect(result.status == 69)
    let attempts = result.stdout.split(separator: "\n").compactMap { line -> Int? in
      guard line.contains(#""retrying":true"#),
        let range = line.range(of: #"attempt [0-9]+,"#, options: .regularExpression)
      else { return nil }
      return Int(line[range].dropFirst("attempt ".count).dropLast())
    }
    // Two rounds of the provider's three attempts before any search has succeeded: five
    // retried attempts, then the sixth fails for good.
    #expect(attempts == [1, 2, 3, 4, 5], "stdout: \(result.stdout)")
  }

  @Test func outputThatCannotBeWrittenIsAnIOErrorAndLeavesNoFile() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(50, in: directory)
    let folder = directory.appendingPathComponent("out", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    let destinations = [
      // The rename at the end fails: a directory is in the way.
      folder.path,
      // The temporary file cannot be created: no such directory.
      directory.appendingPathComponent("missing/out.ndjson").path,
      // Nor under a regular file.
      track.appendingPathComponent("out.ndjson").path,
    ]

    for destination in destinations {
      let result = try FinderFixtures.forage([
        "run", "--track", track.path, "--output", destination,
      ])
      #expect(result.status == 74, "\(destination): \(result.stderr)")
      #expect(result.stdout.isEmpty)
      let lines = Self.errorLines(result)
      #expect(lines.count == 1 && lines[0].contains(destination), "stderr: \(result.stderr)")
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(left == ["out", "walk-50.gpx"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func aRecordingThatCannotBeWrittenIsAnIOError() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(20, in: directory)

    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--record",
      directory.appendingPathComponent("missing/run.ndjson").path,
    ])

    #expect(result.status == 74)
    #expect(Self.errorLines(result).count == 1, "stderr: \(result.stderr)")
  }
}
