import ForageTestSupport
import Foundation
import Testing

/// `forage replay`: a recording re-reduced without network prints the run's output byte for
/// byte; `--until` stops early; a bad recording is a one-line error.
@Suite struct ReplayCommandTests {
  /// Runs `forage run --record` on a prefix of the walk and returns the output and the recording.
  static func record(
    _ extra: [String] = [],
    fixes: Int = 300,
    in directory: URL
  ) throws -> (stdout: String, recording: URL) {
    let track = try FinderFixtures.walkPrefix(fixes, in: directory)
    let recording = directory.appendingPathComponent("run-\(UUID().uuidString).ndjson")
    let result = try FinderFixtures.forage(
      ["run", "--track", track.path, "--record", recording.path] + extra
    )
    try #require(result.status == 0, "\(result.stderr)")
    return (result.stdout, recording)
  }

  @Test(arguments: [
    [],
    ["--changes-only"],
    [
      "--permission", "prompt-grant,revoke@fix:50,grant@fix:120", "--noise", "4", "--dropout",
      "0.05",
    ],
  ])
  func aReplayPrintsTheRunsOutputByteForByte(arguments: [String]) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (original, recording) = try Self.record(arguments, in: directory)

    let replay = try FinderFixtures.forage(["replay", recording.path])

    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout == original)
    #expect(replay.stderr.isEmpty)
    #expect(original.hasSuffix("}\n") && original.contains("\"event\":\"summary\""))
  }

  @Test func aReplayWritesTheOtherFormatsAsTheRunDoes() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (_, recording) = try Self.record(["--format", "geojson"], fixes: 120, in: directory)
    let track = directory.appendingPathComponent("walk-120.gpx")

    for format in ["json", "geojson", "table"] {
      let run = try FinderFixtures.forage(["run", "--track", track.path, "--format", format])
      let replay = try FinderFixtures.forage(["replay", recording.path, "--format", format])
      #expect(replay.status == 0)
      #expect(replay.stdout == run.stdout, "\(format)")
    }
  }

  @Test func untilReplaysAPrefixOfTheEvents() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (original, recording) = try Self.record(fixes: 80, in: directory)
    let lines = original.split(separator: "\n", omittingEmptySubsequences: false)

    var previous = -1
    // Replaying no action is refused: there is no run to print, nor a time to stamp it with.
    let none = try FinderFixtures.forage(["replay", recording.path, "--until", "0"])
    #expect(none.status == 64 && none.stdout.isEmpty)
    #expect(none.stderr.contains("--until must be 1 or more, not 0"), "\(none.stderr)")
    for until in [1, 2, 10, 57, 100_000] {
      let replay = try FinderFixtures.forage(["replay", recording.path, "--until", "\(until)"])
      #expect(replay.status == 0)
      let replayed = replay.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      if until == 100_000 { #expect(replay.stdout == original) }
      guard until < 100_000 else { continue }
      // A prefix of the run's events, growing with N, then a summary of the run so far.
      let events = replayed.dropLast(2)
      #expect(Array(lines.prefix(events.count)) == Array(events))
      #expect(events.count >= previous)
      previous = events.count
      let summary = replayed[replayed.count - 2]
      #expect(summary.contains(#""event":"summary""#) && summary.contains(#""complete":false"#))
      // The data's notice goes with its data: a prefix with no places shows none.
      let showsPlaces = events.contains { $0.contains(#""event":"places""#) }
      #expect(summary.contains(FinderFixtures.bundledNotice) == showsPlaces, "\(summary)")
    }
  }

  @Test func twoRunsGiveTheSameBytes() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(400, in: directory)
    let arguments = [
      "run", "--track", track.path, "--noise", "6", "--dropout", "0.1", "--seed", "7",
    ]

    let first = try FinderFixtures.forage(arguments)
    let second = try FinderFixtures.forage(arguments)

    #expect(first.status == 0 && second.status == 0)
    #expect(first.stdout == second.stdout)
    // The seeded noise and dropouts did something.
    let output = try RunOutput(ndjson: first.stdout)
    #expect(output.events.contains { $0.event == "lost" })
  }

  @Test(arguments: [
    (text: "not json\n", line: 1),
    (text: "{\"forage_recording\":99}\n", line: 1),
    (text: "", line: 1),
  ])
  func aBadRecordingHeaderIsABadDataError(text: String, line: Int) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("bad.ndjson")
    try Data(text.utf8).write(to: file)

    let result = try FinderFixtures.forage(["replay", file.path])

    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(lines.first?.contains("\(file.path):\(line)") == true, "\(result.stderr)")
  }

  @Test func aCorruptActionNamesItsLine() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (_, recording) = try Self.record(fixes: 20, in: directory)
    var lines = try String(contentsOf: recording, encoding: .utf8).split(
      separator: "\n",
      omittingEmptySubsequences: false
    ).map(String.init)
    lines[5] = String(lines[5].dropLast(7))
    lines[9] = "{\"action\":\"teleported\"}"
    try Data(lines.joined(separator: "\n").utf8).write(to: recording)

    let result = try FinderFixtures.forage(["replay", recording.path])

    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    let message = result.stderr.split(separator: "\n")
    #expect(message.count == 1)
    #expect(message.first?.contains("\(recording.path):6") == true, "\(result.stderr)")
  }

  @Test func aRecordingFromBeforeCodableReplaysByteForByte() throws {
    let fixtures = TestData.packageRoot.appendingPathComponent(
      "Tests/ForageRecordingTests/Fixtures"
    )
    let recording = fixtures.appendingPathComponent("v1-walk-permissions-noise.actions")
    let expected = try String(
      contentsOf: fixtures.appendingPathComponent("v1-walk-permissions-noise.ndjson"),
      encoding: .utf8
    )

    let replay = try FinderFixtures.forage(["replay", recording.path])

    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout == expected)
    #expect(replay.stderr.isEmpty)
  }

  @Test(arguments: [
    (#""lat":"#, #""lat":999,"x":"#, #"expected "fix.lat" between -90 and 90, not 999"#),
    (#""lat":"#, #""lat":NaN,"x":"#, "expected one JSON object per line"),
  ])
  func anImpossibleValueIsABadDataErrorNamingItsLine(
    member: String,
    replacement: String,
    expected: String
  ) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (_, recording) = try Self.record(fixes: 20, in: directory)
    var lines = try String(contentsOf: recording, encoding: .utf8).split(
      separator: "\n",
      omittingEmptySubsequences: false
    ).map(String.init)
    let index = try #require(lines.lastIndex { $0.contains("fix_received") })
    lines[index] = lines[index].replacingOccurrences(of: member, with: replacement)
    try Data(lines.joined(separator: "\n").utf8).write(to: recording)

    let result = try FinderFixtures.forage(["replay", recording.path])

    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "forage: \(recording.path):\(index + 1): \(expected)\n")
  }

  @Test func aMissingRecordingIsAnIOError() throws {
    let path = "/nonexistent/forage-\(UUID().uuidString).ndjson"

    let result = try FinderFixtures.forage(["replay", path])

    #expect(result.status == 74)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains(path))
  }
}
