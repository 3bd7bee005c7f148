import ForageTracks
import Foundation
import Testing

@testable import ForageGPSD

/// gpsd's JSON lines: TPV fixes, no-fix reports, ignored classes and hostile lines.
@Suite struct GPSDReportTests {
  static func parse(_ line: String) throws(GPSDLineError) -> GPSDReport {
    try GPSDReport.parse(line: Array(line.utf8))
  }

  @Test func readsA3DFixWithTimeAccuracySpeedAndTrack() throws {
    let line =
      #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2026-11-22T09:53:20.799Z","ept":0.005,"lat":-27.2107,"lon":153.05215,"altHAE":61.7,"altMSL":19.5,"alt":19.5,"epx":113.344,"epy":21.847,"eph":30.5,"track":100.78,"speed":0.99}"#
    let expected = Fix(
      time: Date(timeIntervalSince1970: 1_795_341_200.799),
      latitude: -27.2107,
      longitude: 153.05215,
      elevation: 19.5,
      horizontalAccuracy: 30.5,
      speed: 0.99,
      course: 100.78
    )
    guard case .fix(let fix) = try Self.parse(line) else {
      Issue.record("not a fix")
      return
    }
    #expect(fix.latitude == expected.latitude && fix.longitude == expected.longitude)
    #expect(abs(fix.time!.timeIntervalSince(expected.time!)) < 1e-6)
    #expect(fix.elevation == 19.5 && fix.horizontalAccuracy == 30.5)
    #expect(fix.speed == 0.99 && fix.course == 100.78)
  }

  @Test func combinesEpxAndEpyWhenThereIsNoEph() throws {
    let line = #"{"class":"TPV","mode":2,"lat":1,"lon":2,"epx":3,"epy":4}"#
    #expect(try Self.parse(line) == .fix(Fix(latitude: 1, longitude: 2, horizontalAccuracy: 5)))
  }

  @Test func leavesOutMissingAndOutOfRangeOptionalMembers() throws {
    let line =
      #"{"class":"TPV","mode":3,"lat":60,"lon":24,"time":"yesterday","eph":-1,"speed":-2,"track":400,"alt":"high"}"#
    #expect(try Self.parse(line) == .fix(Fix(latitude: 60, longitude: 24)))
  }

  @Test func modeZeroAndOneAreNoFix() throws {
    #expect(try Self.parse(#"{"class":"TPV","mode":1}"#) == .noFix(time: nil))
    let timed = try Self.parse(#"{"class":"TPV","mode":0,"time":"2026-01-01T00:00:00Z"}"#)
    #expect(timed == .noFix(time: Date(timeIntervalSince1970: 1_767_225_600)))
  }

  @Test(arguments: ["VERSION", "DEVICES", "DEVICE", "WATCH", "SKY", "GST", "ATT", "NEWCLASS"])
  func otherClassesAreIgnored(name: String) throws {
    #expect(try Self.parse(#"{"class":"\#(name)","lat":"x"}"#) == .ignored(class: name))
  }

  @Test(arguments: [
    ("", "expected one JSON object"),
    ("not json", "expected one JSON object"),
    (#"{"class":"TPV","mode":3,"lat":nan,"lon":1}"#, "expected one JSON object"),
    (#"{"class":"TPV","mode":3,"lat":60.1"#, "expected one JSON object"),
    (#"{"class":"TPV"}{"class":"SKY"}"#, "expected one JSON object"),
    (#"[1,2]"#, "expected a JSON object but found an array"),
    (#"{"lat":1}"#, "expected a \"class\" string member"),
    (#"{"class":7}"#, "expected a \"class\" string member"),
    (#"{"class":"TPV","lat":1,"lon":2}"#, "expected a TPV \"mode\""),
    (#"{"class":"TPV","mode":2.5,"lat":1,"lon":2}"#, "expected a TPV \"mode\""),
    (#"{"class":"TPV","mode":"3","lat":1,"lon":2}"#, "expected a TPV \"mode\""),
    (#"{"class":"TPV","mode":3,"lon":2}"#, "expected a TPV of mode 3 to have \"lat\""),
    (#"{"class":"TPV","mode":3,"lat":1e999,"lon":2}"#, "expected one JSON object"),
    (#"{"class":"TPV","mode":2,"lat":91,"lon":2}"#, "expected a TPV of mode 2 to have \"lat\""),
    (#"{"class":"TPV","mode":3,"lat":1,"lon":-180.5}"#, "expected a TPV of mode 3 to have \"lat\""),
    (#"{"class":"TPV","mode":3,"lat":null,"lon":2}"#, "expected a TPV of mode 3 to have \"lat\""),
  ])
  func hostileLinesAreRefusedWithWhatWasExpected(line: String, message: String) {
    #expect {
      _ = try Self.parse(line)
    } throws: { error in
      (error as? GPSDLineError)?.description.hasPrefix(message) == true
    }
  }

  @Test func deeplyNestedAndBinaryLinesAreRefusedWithoutCrashing() {
    let deep = String(repeating: "[", count: 100_000)
    #expect(throws: GPSDLineError.self) { try Self.parse(deep) }
    let binary: [UInt8] = [0xB5, 0x62, 0x01, 0x07, 0x00, 0xFF, 0xFE]
    #expect(throws: GPSDLineError.self) { try GPSDReport.parse(line: binary) }
  }
}

/// `--gpsd HOST:PORT`.
@Suite struct GPSDEndpointTests {
  @Test(arguments: [
    ("127.0.0.1:2948", "127.0.0.1", 2948),
    ("localhost", "localhost", 2947),
    ("gps.example:1", "gps.example", 1),
    ("[::1]:2950", "::1", 2950),
    ("[::1]", "::1", 2947),
    ("::1", "::1", 2947),
    ("fe80::1", "fe80::1", 2947),
  ])
  func parses(text: String, host: String, port: Int) throws {
    #expect(try GPSDEndpoint(parsing: text) == GPSDEndpoint(host: host, port: port))
  }

  @Test(arguments: [
    "", ":2947", "host:", "host:0", "host:65536", "host:http", "host:-1", "[::1", "[::1]x",
    "[]:2947", "a b:1",
  ])
  func refuses(text: String) {
    #expect(throws: GPSDEndpoint.ParseError.self) { try GPSDEndpoint(parsing: text) }
  }

  @Test func describesIPv6WithBrackets() {
    #expect(GPSDEndpoint(host: "::1", port: 2950).description == "[::1]:2950")
    #expect(GPSDEndpoint(host: "localhost").description == "localhost:2947")
  }
}
