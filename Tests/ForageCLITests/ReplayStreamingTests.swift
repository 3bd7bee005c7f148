import ForageTestSupport
import Foundation
import Testing

/// `forage replay` streams its recording: `--until N` reads no line after the N-th action (a
/// tail that is not a recording, or a pipe that never ends, is never reached), while a bad line
/// anywhere it does read still refuses the whole replay before anything is written.
@Suite struct ReplayStreamingTests {
  /// Tails no recording holds, each after the good lines of one.
  static let tails: [(name: String, bytes: [UInt8])] = [
    ("not JSON", Array("not json\n".utf8)),
    ("invalid UTF-8", [0xFF, 0xFE, 0x80, 0xC3, 0x28, 0x0A]),
    ("NUL bytes", [0x00, 0x00, 0x7B, 0x00, 0x0A]),
    ("a 20 MB line", [UInt8](repeating: UInt8(ascii: "x"), count: 20 << 20)),
    (
      "an answer for no fix",
      Array(
        (#"{"action":"places_answered","fix_index":999999,"lat":60,"lon":24,"radius_m":1,"#
          + #""source":"network","places":[]}"# + "\n").utf8
      )
    ),
    ("a second header", Array((#"{"forage_recording":2}"# + "\n").utf8)),
  ]
  static let formats = ["ndjson", "json", "geojson", "table", "html"]

  /// A recording of the walk's first 6 fixes, and the number of actions in it: small enough
  /// that a pipe holds all of it (a test's writer never blocks on a replay that stops reading).
  static func recording(in directory: URL) throws -> (url: URL, actions: Int) {
    let track = try FinderFixtures.walkPrefix(6, in: directory)
    let recording = directory.appendingPathComponent("run.recording")
    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--record", recording.path,
    ])
    try #require(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOf: recording, encoding: .utf8)
    try #require(text.utf8.count < 48 * 1024)
    return (recording, text.split(separator: "\n").count - 1)
  }

  @Test(arguments: tails.indices)
  func untilNeverReadsTheTailAfterItsActions(tail: Int) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (clean, actions) = try Self.recording(in: directory)
    let good = try Data(contentsOf: clean)
    let spoilt = directory.appendingPathComponent("spoilt.recording")
    try (good + Self.tails[tail].bytes).write(to: spoilt)
    let name = Self.tails[tail].name

    for format in Self.formats {
      for until in [1, actions / 2, actions] {
        let expected = try FinderFixtures.forage([
          "replay", clean.path, "--until", "\(until)", "--format", format,
        ])
        try #require(expected.status == 0, "\(expected.stderr)")
        let fromFile = try FinderFixtures.forage([
          "replay", spoilt.path, "--until", "\(until)", "--format", format,
        ])
        #expect(fromFile.status == 0, "\(name), \(format), --until \(until): \(fromFile.stderr)")
        #expect(fromFile.stdout == expected.stdout, "\(name), \(format), --until \(until)")
        // Standard input too, where the whole text fits in the pipe (the writer must not block
        // on bytes the replay never reads).
        let piped = good + Self.tails[tail].bytes
        guard piped.count < 60 * 1024 else { continue }
        let fromPipe = try FinderFixtures.forage(
          ["replay", "-", "--until", "\(until)", "--format", format],
          stdin: piped
        )
        #expect(fromPipe.status == 0, "\(name), \(format), --until \(until): \(fromPipe.stderr)")
        #expect(fromPipe.stdout == expected.stdout, "\(name), \(format), --until \(until) from -")
      }
      // Reading on to the tail refuses the replay, naming its line, with nothing written.
      for until in [[], ["--until", "\(actions + 1)"]] {
        let refused = try FinderFixtures.forage(
          ["replay", spoilt.path, "--format", format] + until
        )
        #expect(refused.status == 65, "\(name), \(format) \(until)")
        #expect(refused.stdout.isEmpty, "\(name), \(format) \(until)")
        #expect(
          refused.stderr.hasPrefix("forage: \(spoilt.path):\(actions + 2): expected "),
          "\(name), \(format) \(until): \(refused.stderr)"
        )
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
      }
    }
  }

  /// A pipe whose writer keeps it open: `--until N` ends after its N actions, without waiting
  /// for an end that never comes (forage is killed by its PID after the time limit if it waits).
  @Test(arguments: formats)
  func untilEndsOnAPipeThatStaysOpen(format: String) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (clean, _) = try Self.recording(in: directory)
    let lines = try Data(contentsOf: clean).split(
      separator: UInt8(ascii: "\n"),
      omittingEmptySubsequences: false
    )
    let until = 5
    let expected = try FinderFixtures.forage([
      "replay", clean.path, "--until", "\(until)", "--format", format,
    ])
    let output = directory.appendingPathComponent("out")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = [
      "-s", "KILL", "30", BuiltBinary.url("forage").path, "replay", "-", "--until", "\(until)",
      "--format", format, "--output", output.path,
    ]
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    try process.run()
    // The header and the first N actions: far less than a pipe holds, so this never blocks.
    let prefix = lines.prefix(until + 1).map { Data($0) + Data("\n".utf8) }.reduce(Data(), +)
    try input.fileHandleForWriting.write(contentsOf: prefix)
    process.waitUntilExit()
    try input.fileHandleForWriting.close()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

    #expect(process.terminationStatus == 0, "\(stderr)")
    #expect(try String(contentsOf: output, encoding: .utf8) == expected.stdout)
  }
}
