import ForageTestSupport
import Foundation
import Testing

/// The cases a hostile review found after the first round of fixes, each of a class the
/// generators now cover: values no conversion can hold, outputs that are the streams, servers
/// that echo credentials, and names that only look like this machine.
@Suite struct HostileReviewTests {
  static func forage(
    _ arguments: [String],
    in directory: URL,
    stdin: Data = Data()
  ) throws
    -> BinaryResult
  {
    try BuiltBinary.run("forage", arguments, stdin: stdin, currentDirectory: directory)
  }

  /// Runs a shell command line in `directory`, with `$F` the forage binary.
  static func shell(_ command: String, in directory: URL) throws -> BinaryResult {
    try BuiltBinary.run(
      executable: URL(fileURLWithPath: "/bin/sh"),
      ["-c", "F='\(BuiltBinary.url("forage").path)'; \(command)"],
      currentDirectory: directory
    )
  }

  @Test func timesNoDateCanHoldAreSkippedWithAWarningNotATrap() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    for value in ["1e19", "1e308", "9223372036854775807", "-1e19"] {
      try Data("lat,lon,time\n60.17,24.94,\(value)\n60.1701,24.9401,2026-01-01T00:00:04Z\n".utf8)
        .write(to: directory.appendingPathComponent("c.csv"))
      let result = try Self.forage(["run", "--track", "c.csv"], in: directory)
      #expect(result.status == 0, "\(value): \(result.stderr)")
      #expect(!result.stderr.contains("Fatal error"), "\(value)")
      #expect(result.stderr.contains("warning: c.csv: 1 point with no time"), "\(result.stderr)")
      let geojson =
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[24.94,60.17]},"properties":{"time":\#(value)}}]}"#
      try Data(geojson.utf8).write(to: directory.appendingPathComponent("t.geojson"))
      let fromGeoJSON = try Self.forage(["run", "--track", "t.geojson"], in: directory)
      #expect(fromGeoJSON.status == 0, "\(value): \(fromGeoJSON.stderr)")
    }
  }

  @Test func aRecordingWithValuesNoConversionCanHoldIsRefusedAtItsLine() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let made = try Self.forage(["run", "--track", "walk.gpx", "--record", "r.nd"], in: directory)
    try #require(made.status == 0)
    let lines = try String(contentsOf: directory.appendingPathComponent("r.nd"), encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let places = try #require(lines.firstIndex { $0.contains("\"places_answered\"") })
    let cases: [(line: Int, from: String, to: String)] = [
      (1, #""at":"#, #""at":1e308,"x":"#),
      (1, #""at":"#, #""at":-9223372036854775808,"x":"#),
      (places, #""distance_m":"#, #""distance_m":1e308,"x":"#),
    ]
    for (index, from, to) in cases {
      var edited = lines
      edited[index] = edited[index].replacingOccurrences(of: from, with: to)
      try Data(edited.joined(separator: "\n").utf8).write(
        to: directory.appendingPathComponent("bad.nd")
      )
      for format in ["ndjson", "html"] {
        let result = try Self.forage(["replay", "bad.nd", "--format", format], in: directory)
        #expect(result.status == 65, "\(to) \(format): \(result.stderr)")
        #expect(result.stderr.hasPrefix("forage: bad.nd:\(index + 1): "), "\(result.stderr)")
      }
    }
  }

  @Test func anImpossibleAccuracyIsWarnedAndNeverWritten() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = try String(contentsOf: directory.appendingPathComponent("walk.gpx"), encoding: .utf8)
    let edited = text.replacingOccurrences(of: "<hdop>", with: "<hdop>1e308</hdop><x>")
      .replacingOccurrences(of: "</hdop>", with: "</x>")
      .replacingOccurrences(of: "<hdop>1e308</x>", with: "<hdop>1e308</hdop>")
    try Data(edited.utf8).write(to: directory.appendingPathComponent("hdop.gpx"))
    let result = try Self.forage(["run", "--track", "hdop.gpx", "--record", "h.nd"], in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("cannot be"), "\(result.stderr)")
    // The only null a run writes is an unknown open_at_fix.
    let nulls = result.stdout.replacingOccurrences(of: #""open_at_fix":null"#, with: "")
    #expect(!nulls.contains("null"), "an accuracy was written as null")
  }

  @Test func anOutputThatIsAStandardStreamsFileIsAUsageError() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = try Data(contentsOf: directory.appendingPathComponent("walk.gpx"))
    let appended = try Self.shell("\"$F\" run --track walk.gpx >> walk.gpx; echo $?", in: directory)
    #expect(appended.stdout.hasSuffix("64\n"), "\(appended.stderr)")
    #expect(try Data(contentsOf: directory.appendingPathComponent("walk.gpx")) == before)
    for option in ["--record", "--places-cache"] {
      let stdout = try Self.shell(
        "\"$F\" run --track walk.gpx \(option) /proc/self/fd/1 > both.txt; echo $? >&2",
        in: directory
      )
      #expect(stdout.stderr.hasSuffix("64\n"), "\(option): \(stdout.stderr)")
    }
    let stderr = try Self.shell(
      "\"$F\" run --track walk.gpx --record /proc/self/fd/2 2> e.txt > /dev/null; echo $?",
      in: directory
    )
    #expect(stderr.stdout == "64\n")
    // Standard output and standard error may share a file: messages and events interleave.
    let shared = try Self.shell("\"$F\" run --track walk.gpx > log 2>&1; echo $?", in: directory)
    #expect(shared.stdout == "0\n")
  }

  @Test func inputNamesThatCannotBeAFileAreExit74() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    for arguments in [
      ["run", "--track", "./walk.gpx/"], ["run", "--track", ""], ["validate", "walk.gpx/"],
      ["validate", ""],
    ] {
      let result = try Self.forage(arguments, in: directory)
      #expect(result.status == 74, "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
    }
  }

  @Test func aNameThatOnlyLooksLikeThisMachineIsNotIt() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    for base in [
      "http://127.0.0.1.example.invalid/", "http://127.evil.invalid/",
      "http://localhost.example.invalid/",
    ] {
      let result = try Self.forage(
        ["run", "--track", "walk.gpx", "--api-base", base],
        in: directory
      )
      #expect(result.status == 64, "\(base): \(result.stderr)")
      #expect(result.stderr.contains("--allow-insecure-http"), "\(result.stderr)")
    }
    let query = try Self.forage(
      ["run", "--track", "walk.gpx", "--api-base", "http://127.0.0.1:9/?token=abcdefgh"],
      in: directory
    )
    #expect(query.status == 64, "\(query.stderr)")
    #expect(!query.stderr.contains("abcdefgh"))
    for notify in [
      "http://127.0.0.1:0/", "http://127.0.0.1:99999/", "http://u:secretpw@example.invalid/",
    ] {
      let result = try Self.forage(
        ["run", "--track", "walk.gpx", "--notify-url", notify],
        in: directory
      )
      #expect(result.status == 64, "\(notify): \(result.stderr)")
      #expect(!result.stderr.contains("secretpw"))
    }
  }

  @Test func aServerThatEchoesTheCredentialsCannotMakeThemShown() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try ScriptedHTTPServer { request in
      .init(
        status: 403,
        body: #"{"status":"REQUEST_DENIED","error_message":"you sent alice:pa55word and "#
          + #"YWxpY2U6cGE1NXdvcmQ= and SECRETKEYVALUE123 in \#(request.target)","results":[]}"#
      )
    }
    defer { server.close() }
    let result = try BuiltBinary.run(
      "forage",
      [
        "run", "--track", "walk.gpx", "--api-base",
        "http://alice:pa55word@127.0.0.1:\(server.port)", "--provider", "google-legacy",
        "--network-time", "virtual", "--log-level", "trace", "--record", "r.nd",
      ],
      environment: ["PLACES_API_KEY": "SECRETKEYVALUE123"],
      currentDirectory: directory
    )
    #expect(result.status == 69, "\(result.stderr)")
    #expect(result.stderr.contains("REQUEST_DENIED"), "\(result.stderr)")
    for secret in ["pa55word", "YWxpY2U6cGE1NXdvcmQ=", "SECRETKEYVALUE123"] {
      #expect(!result.stderr.contains(secret), "\(secret) in \(result.stderr)")
      #expect(!result.stdout.contains(secret), "\(secret) on standard output")
    }
    // A short key is redacted where it stands as a key, not inside words.
    let short = try BuiltBinary.run(
      "forage",
      [
        "run", "--track", "walk.gpx", "--api-base", "http://127.0.0.1:\(server.port)",
        "--provider", "google-legacy", "--network-time", "virtual",
      ],
      environment: ["PLACES_API_KEY": "k"],
      currentDirectory: directory
    )
    #expect(!short.stderr.contains("ranREDACTEDby"), "\(short.stderr)")
  }

  @Test func anOKAnswerWithoutResultsIsMalformedNotEmpty() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    for body in [#"{"status":"OK"}"#, #"{"status":"OK","results":{"a":1}}"#] {
      let server = try ScriptedHTTPServer { _ in .init(body: body) }
      defer { server.close() }
      let result = try BuiltBinary.run(
        "forage",
        [
          "run", "--track", "walk.gpx", "--api-base", "http://127.0.0.1:\(server.port)",
          "--network-time", "virtual", "--provider", "google-legacy",
        ],
        environment: ["PLACES_API_KEY": "k"],
        currentDirectory: directory
      )
      #expect(result.status == 69, "\(body): \(result.stderr)")
      #expect(result.stderr.contains("results"), "\(result.stderr)")
    }
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
    let result = try Self.forage(
      ["run", "--track", "walk.gpx", "--dataset", "places16.geojson", "--permission", "s16.json"],
      in: directory
    )
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"places\""))
  }
}
