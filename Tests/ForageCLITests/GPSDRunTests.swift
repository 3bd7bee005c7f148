import ForageSupport
import ForageTestSupport
import Foundation
import Testing

/// `forage run --gpsd` against a scripted gpsd: how a live run ends, and its usage errors.
@Suite struct GPSDRunTests {
  static let preamble = [
    #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#,
    #"{"class":"WATCH","enable":true,"json":true}"#,
  ]

  /// Fixes a second apart in Helsinki.
  static func tpvs(_ count: Int) -> [String] {
    (1...count).map {
      #"{"class":"TPV","mode":3,"lat":60.17\#($0),"lon":24.94,"time":"2026-01-01T00:00:0\#($0)Z","eph":5}"#
    }
  }

  /// The `fixes` of the summary, the last line of the output.
  static func summaryFixes(_ stdout: String) throws -> Int? {
    let last = try #require(stdout.split(separator: "\n").last)
    let summary = try JSONParser.parse(Array(last.utf8))
    #expect(summary["event"]?.string == "summary")
    return summary["fixes"]?.number.map { Int($0) }
  }

  @Test func theRunEndsWithItsSummaryWhenGpsdClosesTheConnection() throws {
    let gpsd = try FakeGPSD([.init(lines: Self.preamble + Self.tpvs(2))])
    let result = try FinderFixtures.forage(["run", "--gpsd", "127.0.0.1:\(gpsd.port)"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Self.summaryFixes(result.stdout) == 2)
    #expect(try gpsd.commands() == [#"?WATCH={"enable":true,"json":true};"#])
  }

  @Test func maxFixesEndsTheRun() throws {
    let gpsd = try FakeGPSD([.init(lines: Self.preamble + Self.tpvs(5), ending: .waitForClient)])
    let result = try FinderFixtures.forage([
      "run", "--gpsd", "127.0.0.1:\(gpsd.port)", "--max-fixes", "2",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Self.summaryFixes(result.stdout) == 2)
    _ = try gpsd.commands()
  }

  /// Runs `forage run --gpsd` against a local gpsd at `port`, logging at trace level, and
  /// sends SIGINT once standard error holds `marker`; returns the exit status and both outputs.
  static func interruptedRun(
    port: Int,
    after marker: String
  ) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = BuiltBinary.url("forage")
    process.arguments = ["run", "--gpsd", "127.0.0.1:\(port)", "--log-level", "trace"]
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let pid = process.processIdentifier
    let stderrText = BlockingThread { () -> String in
      var text = ""
      var isInterrupted = false
      while true {
        let data = error.fileHandleForReading.availableData
        if data.isEmpty { return text }
        text += String(decoding: data, as: UTF8.self)
        if !isInterrupted, text.contains(marker) {
          kill(pid, SIGINT)
          isInterrupted = true
        }
      }
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = try stderrText.value()
    process.waitUntilExit()
    return (process.terminationStatus, text, stderr)
  }

  @Test func sigintEndsALiveRunWithItsSummaryAndExit0() throws {
    let gpsd = try FakeGPSD([.init(lines: Self.preamble + Self.tpvs(3), ending: .waitForClient)])
    // Standard output is buffered until the end; standard error's log says when the second fix
    // was handed on, which happens as the third arrives (and is held): then SIGINT.
    let (status, text, stderr) = try Self.interruptedRun(port: gpsd.port, after: "fixReceived 1 ")
    #expect(status == 0, "\(stderr)")
    #expect(try Self.summaryFixes(text) == 3)
    #expect(stderr.contains("stopped by SIGINT after 3 fixes from gpsd 127.0.0.1:\(gpsd.port)"))
    _ = try gpsd.commands()
  }

  @Test func anUnresolvableHostIsUnavailable() throws {
    let result = try FinderFixtures.forage(["run", "--gpsd", "no-such-host.invalid:2947"])
    #expect(result.status == 69)
    #expect(
      result.stderr.contains(
        "forage: gpsd no-such-host.invalid:2947: cannot resolve the host: "
      ) && result.stderr.contains("giving up after 1 attempt\n"),
      "\(result.stderr)"
    )
  }

  @Test func malformedLinesAreReportedAndSkipped() throws {
    let gpsd = try FakeGPSD([
      .init(
        lines: Self.preamble + ["{oops", #"{"class":"TPV","mode":3,"lat":"x"}"#] + Self.tpvs(1)
      )
    ])
    let result = try FinderFixtures.forage(["run", "--gpsd", "127.0.0.1:\(gpsd.port)"])
    #expect(result.status == 0)
    #expect(try Self.summaryFixes(result.stdout) == 1)
    #expect(result.stderr.contains("line 3 skipped: expected one JSON object"), "\(result.stderr)")
    #expect(result.stderr.contains(#"line 4 skipped: expected a TPV of mode 3 to have "lat""#))
  }

  @Test(arguments: [
    (["run"], "give --track FILE or --gpsd HOST:PORT"),
    (["run", "--track", "x.gpx", "--gpsd", "h"], "give --track or --gpsd, not both"),
    (["run", "--gpsd", "host:0"], "--gpsd: 'host:0' has port '0'; a port is a number from 1"),
    (["run", "--gpsd", "[::1"], "--gpsd: '[::1' opens '[' without a closing ']'"),
    (["run", "--gpsd", "h", "--max-fixes", "0"], "--max-fixes must be at least 1, not 0"),
    (["run", "--track", "x.gpx", "--max-fixes", "2"], "--max-fixes is for --gpsd"),
    (["run", "--gpsd", "h", "--realtime"], "--speed and --realtime are for --track"),
    (["run", "--gpsd", "h", "--track-format", "nmea"], "--track-format is for --track"),
  ])
  func usageErrorsExit64(arguments: [String], message: String) throws {
    let result = try FinderFixtures.forage(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }
}
