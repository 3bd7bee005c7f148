import ForageSupport
import ForageTestSupport
import Foundation
import Testing

/// A live `forage run --gpsd` agrees with itself and with a file: `--max-fixes`, the interrupt
/// line and the summary count the same fixes, nothing is stamped 1970 while the receiver does
/// not know the time, and live fixes are judged as the same fixes read from a file are.
@Suite struct GPSDAgreementTests {
  /// gpsd's report that the receiver has no fix, before it knows the date: no time.
  static let noFix = #"{"class":"TPV","mode":1}"#

  /// A fix a second apart from 2026-01-01T00:00:00Z in Helsinki, with an accuracy (`eph`) in
  /// metres.
  static func tpv(_ second: Int, eph: Double = 5) -> String {
    let time = String(format: "2026-01-01T00:%02d:%02dZ", second / 60, second % 60)
    let latitude = 60.17 + Double(second) * 0.0001
    return
      #"{"class":"TPV","mode":3,"lat":\#(latitude),"lon":24.94,"time":"\#(time)","eph":\#(eph)}"#
  }

  /// The same fix as a GPX track point: the accuracy as an HDOP (5 m of accuracy per unit, as
  /// the reader reads it).
  static func trackPoint(_ second: Int, hdop: Double = 1) -> String {
    let time = String(format: "2026-01-01T00:%02d:%02dZ", second / 60, second % 60)
    let latitude = 60.17 + Double(second) * 0.0001
    return #"<trkpt lat="\#(latitude)" lon="24.94"><time>\#(time)</time>"#
      + #"<hdop>\#(hdop)</hdop></trkpt>"#
  }

  /// Runs forage against a gpsd that sends `lines` and closes.
  static func live(_ lines: [String], _ arguments: [String] = []) throws -> RunOutput {
    let gpsd = try FakeGPSD([.init(lines: GPSDRunTests.preamble + lines)])
    let result = try FinderFixtures.forage(["run", "--gpsd", "127.0.0.1:\(gpsd.port)"] + arguments)
    try #require(result.status == 0, "\(result.stderr)")
    return try RunOutput(ndjson: result.stdout)
  }

  /// Runs forage on a GPX file of these track points.
  static func file(_ points: [String]) throws -> RunOutput {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("live.gpx")
    let text =
      #"<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>"#
      + points.joined(separator: "\n") + "</trkseg></trk></gpx>\n"
    try Data(text.utf8).write(to: url)
    return try FinderFixtures.run(["--track", url.path])
  }

  /// The delivered positions of a run, in order.
  static func positions(_ output: RunOutput) -> [[Double]] {
    output.named("location").compactMap { event in
      guard let lat = event.lat, let lon = event.lon else { return nil }
      return [lat, lon]
    }
  }

  @Test func maxFixesCountsTheFixesTheSummaryCounts() throws {
    let gpsd = try FakeGPSD([
      .init(
        lines: GPSDRunTests.preamble + Array(repeating: Self.noFix, count: 3)
          + (1...6).map { Self.tpv($0) },
        ending: .waitForClient
      )
    ])
    let result = try FinderFixtures.forage([
      "run", "--gpsd", "127.0.0.1:\(gpsd.port)", "--max-fixes", "5",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let output = try RunOutput(ndjson: result.stdout)
    #expect(output.summary?.fixes == 5)
    #expect(output.named("lost").count + output.named("location").count == 5)
    _ = try gpsd.commands()
  }

  @Test func theInterruptLineCountsWhatTheSummaryCounts() throws {
    let gpsd = try FakeGPSD([
      .init(
        lines: GPSDRunTests.preamble + [Self.noFix, Self.noFix] + (1...3).map { Self.tpv($0) },
        ending: .waitForClient
      )
    ])
    // The two no-fix reports and two fixes reached the finder (the third fix is held until the
    // next report): then SIGINT.
    let (status, text, stderr) = try GPSDRunTests.interruptedRun(
      port: gpsd.port,
      after: "fixReceived 3 "
    )
    #expect(status == 0, "\(stderr)")
    let summary = try #require(try RunOutput(ndjson: text).summary)
    #expect(summary.fixes == 5)
    #expect(
      stderr.contains("stopped by SIGINT after \(summary.fixes ?? -1) fixes from gpsd"),
      "\(stderr)"
    )
    _ = try gpsd.commands()
  }

  @Test func reportsBeforeTheReceiverKnowsTheTimeTakeTheFirstTimeItSends() throws {
    let output = try Self.live([Self.noFix, Self.noFix] + (1...2).map { Self.tpv($0) })
    let lost = output.named("lost")
    #expect(lost.count == 2)
    #expect(lost.map(\.time) == ["2026-01-01T00:00:01Z", "2026-01-01T00:00:01Z"])
    #expect(output.events.allSatisfy { !$0.time.hasPrefix("1970") }, "\(output.events)")
  }

  @Test func aReceiverThatNeverKnowsTheTimeIsStampedWithThisMachinesClock() throws {
    let before = Date().addingTimeInterval(-1)
    let output = try Self.live([Self.noFix, Self.noFix, Self.noFix])
    let after = Date().addingTimeInterval(1)
    #expect(output.named("lost").count == 3)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    for event in output.events {
      let time = try #require(
        formatter.date(from: event.time) ?? ISO8601DateFormatter().date(from: event.time),
        "\(event.time)"
      )
      #expect(time >= before && time <= after, "\(event.event) at \(event.time)")
    }
  }

  @Test func aLiveTimelineThatStartsAgainIsFollowedAsAFileIs() throws {
    // gpsfake replaying a log in a loop: the times start again after the fifth fix.
    let seconds = Array(1...5) + Array(1...5)
    let live = try Self.live(seconds.map { Self.tpv($0) })
    let file = try Self.file(seconds.map { Self.trackPoint($0) })
    // Two fixes earlier than the last delivered one are stale, the third starts a new timeline.
    #expect(live.named("dropped").map(\.reason) == ["stale", "stale"])
    #expect(Self.positions(live).count == 8)
    #expect(Self.positions(live) == Self.positions(file))
    #expect(file.named("dropped").isEmpty)
  }

  @Test func aLowAccuracyLiveFixIsDroppedAsTheSameFixInAFileIs() throws {
    let live = try Self.live([Self.tpv(1), Self.tpv(2, eph: 150), Self.tpv(3)])
    let file = try Self.file([Self.trackPoint(1), Self.trackPoint(2, hdop: 30), Self.trackPoint(3)])
    #expect(live.named("dropped").map(\.reason) == ["low_accuracy"])
    #expect(file.named("dropped").map(\.reason) == ["low_accuracy"])
    #expect(Self.positions(live) == Self.positions(file))
  }
}
