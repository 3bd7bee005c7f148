import ForageTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Ctrl-C is how a live session ends, as with gpspipe or tcpdump: a `--gpsd` run stopped by
/// one SIGINT puts complete outputs in place, with the summary, says so on one line, and
/// exits 0. The same fixes ended by gpsd give the same bytes.
@Suite struct LiveStopTests {
  static let formats = ["ndjson", "json", "geojson", "table", "html"]

  /// Runs `forage run --gpsd` on three fixes into `--output out.FORMAT --record run.recording`,
  /// ended by gpsd closing the connection, or by SIGINT once the second fix was handed on.
  static func live(
    format: String,
    interrupted: Bool,
    in directory: URL
  ) throws -> (status: Int32?, stderr: String) {
    let gpsd = try FakeGPSD([
      .init(
        lines: GPSDRunTests.preamble + GPSDRunTests.tpvs(3),
        ending: interrupted ? .waitForClient : .close
      )
    ])
    let child = try TimedChild(
      executable: BuiltBinary.url("forage").path,
      [
        "run", "--gpsd", "127.0.0.1:\(gpsd.port)", "--format", format, "--output",
        directory.appendingPathComponent("out.\(format)").path, "--record",
        directory.appendingPathComponent("run.recording").path, "--log-level", "trace",
      ],
      in: directory
    )
    if interrupted {
      // The log says when the second fix was handed on, as the third arrives (and is held).
      let deadline = ContinuousClock.now + .seconds(60)
      while !child.stderr.contains("fixReceived 1 ") && ContinuousClock.now < deadline {
        usleep(10_000)
      }
      child.send(SIGINT)
    }
    let status = try child.wait(limit: .seconds(60))
    _ = try gpsd.commands()
    return (status, child.stderr)
  }

  @Test(arguments: formats)
  func oneCtrlCPutsCompleteOutputsInPlace(format: String) throws {
    let ended = try FinderFixtures.temporaryDirectory()
    let stopped = try FinderFixtures.temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: ended)
      try? FileManager.default.removeItem(at: stopped)
    }
    let closed = try Self.live(format: format, interrupted: false, in: ended)
    try #require(closed.status == 0, "\(closed.stderr)")
    try Data("old output\n".utf8).write(to: stopped.appendingPathComponent("out.\(format)"))
    let result = try Self.live(format: format, interrupted: true, in: stopped)
    #expect(result.status == 0, "\(format): \(result.stderr)")
    let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("forage: stopped") }
    #expect(lines.count == 1, "\(format): \(result.stderr)")
    #expect(lines.first?.hasPrefix("forage: stopped by SIGINT after 3 fixes from gpsd") == true)
    for name in ["out.\(format)", "run.recording"] {
      let made = try? Data(contentsOf: stopped.appendingPathComponent(name))
      #expect(made == (try Data(contentsOf: ended.appendingPathComponent(name))), "\(name)")
    }
    #expect(EverySignalTests.temporaries(in: stopped).isEmpty)
  }

  @Test func oneCtrlCEndsARunOnARealGpsd() throws {
    let log = try #require(TestData.file("tracks/nmea/ublox-8.log"))
    try #require(GPSFakeProcess.executable != nil, "gpsfake is missing")
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let padded = directory.appendingPathComponent("ublox-8.log")
    try (GPSDLiveTests.padding + Data(contentsOf: log)).write(to: padded)
    let output = directory.appendingPathComponent("out.ndjson")
    try Data("old output\n".utf8).write(to: output)
    // A port chosen by binding port 0 may be taken again before gpsd binds it: then forage
    // finds nothing listening (exit 69), and the test tries another port.
    for _ in 1...3 {
      let port = try FakeGPSD.unusedPort()
      // A sentence every 20 ms: the log lasts about 20 s, so the run is live when SIGINT comes.
      let gpsfake = try GPSFakeProcess(
        log: padded.path,
        port: port,
        cycle: 0.02,
        timeout: 2,
        directory: directory
      )
      defer { gpsfake.kill() }
      let child = try TimedChild(
        executable: BuiltBinary.url("forage").path,
        [
          "run", "--gpsd", "127.0.0.1:\(port)", "--output", output.path, "--log-level",
          "trace",
        ],
        in: directory
      )
      let deadline = ContinuousClock.now + .seconds(60)
      while !child.stderr.contains("fixReceived 5 ") && ContinuousClock.now < deadline {
        usleep(10_000)
      }
      child.send(SIGINT)
      let status = try child.wait(limit: .seconds(60))
      if status == 69 { continue }
      #expect(status == 0, "\(child.stderr)\ngpsfake: \(gpsfake.output)")
      let summary = try #require(
        try RunOutput(ndjson: String(contentsOf: output, encoding: .utf8)).summary
      )
      #expect((summary.fixes ?? 0) >= 5)
      #expect(
        child.stderr.contains(
          "forage: stopped by SIGINT after \(summary.fixes ?? -1) fixes from gpsd"
        ),
        "\(child.stderr)"
      )
      #expect(EverySignalTests.temporaries(in: directory).isEmpty)
      return
    }
    Issue.record("gpsd never listened on the ports tried")
  }
}
