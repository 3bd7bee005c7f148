import ForageTestSupport
import Foundation
import Testing

/// `forage replay` checks what it reads: impossible values are exit 65, and a recording cut
/// short replays with a warning.
@Suite struct ReplayEdgeTests {
  static func recording(in directory: URL) throws -> URL {
    let track = try FinderFixtures.walkPrefix(40, in: directory)
    let recording = directory.appendingPathComponent("run.recording")
    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--record", recording.path,
    ])
    try #require(result.status == 0, "\(result.stderr)")
    return recording
  }

  @Test func aRecordingCutShortReplaysWithAWarning() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = try Self.recording(in: directory)
    let lines = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n")
    let cut = directory.appendingPathComponent("cut.recording")
    try Data((lines.prefix(lines.count / 2).joined(separator: "\n") + "\n").utf8).write(to: cut)
    let whole = try FinderFixtures.forage(["replay", recording.path])
    #expect(whole.status == 0 && whole.stderr.isEmpty, "\(whole.stderr)")
    let result = try FinderFixtures.forage(["replay", cut.path])
    #expect(result.status == 0)
    #expect(result.stderr.contains("warning: \(cut.path) ends before the run's end"))
  }

  @Test func anImpossibleLatitudeIsRefused() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = try Self.recording(in: directory)
    let text = try String(contentsOf: recording, encoding: .utf8)
    let edited = text.replacingOccurrences(
      of: #"("fix":\{[^}]*"lat":)[-0-9.]+"#,
      with: "$1999",
      options: .regularExpression
    )
    try #require(edited != text)
    try Data(edited.utf8).write(to: recording)
    let result = try FinderFixtures.forage(["replay", recording.path])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("between -90 and 90, not 999"))
  }
}
