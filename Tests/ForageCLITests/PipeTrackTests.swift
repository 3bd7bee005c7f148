import ForageTestSupport
import Foundation
import Testing

/// A track from `-`, a pipe or a FIFO is read once, its format sniffed from the content.
@Suite struct PipeTrackTests {
  @Test func standardInputIsReadOnceAndSniffed() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(80, in: directory)
    let expected = try FinderFixtures.forage(["run", "--track", track.path])
    try #require(expected.status == 0)
    let piped = try FinderFixtures.forage(
      ["run", "--track", "-"],
      stdin: try Data(contentsOf: track)
    )
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(piped.stdout == expected.stdout)
  }

  @Test func aFIFOIsReadOnce() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(80, in: directory)
    let fifo = directory.appendingPathComponent("track.fifo").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let content = try Data(contentsOf: track)
    // The writer opens the FIFO once and writes the track once: a second read would hang.
    let writer = BlockingThread {
      let descriptor = open(fifo, O_WRONLY)
      defer { close(descriptor) }
      _ = content.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
    let result = try FinderFixtures.forage(["run", "--track", fifo])
    try writer.value()
    #expect(result.status == 0, "\(result.stderr)")
    let expected = try FinderFixtures.forage(["run", "--track", track.path])
    #expect(result.stdout == expected.stdout)
  }

  @Test func aBadTrackOnStandardInputIsNamedSo() throws {
    let piped = try FinderFixtures.forage(
      ["run", "--track", "-"],
      stdin: Data("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*00\n".utf8)
    )
    #expect(piped.status == 65)
    #expect(piped.stderr.hasPrefix("forage: standard input: expected at least one usable fix"))
  }
}
