import ForageSupport
import Foundation
import Testing

@testable import ForageTracks

/// Choosing a format from the extension or the content, and the low-level parsers under the readers.
@Suite struct TrackFormatTests {
  @Test func choosesByExtension() {
    #expect(TrackFormat(fileExtension: "GPX") == .gpx)
    #expect(TrackFormat(fileExtension: "nmea") == .nmea)
    #expect(TrackFormat(fileExtension: "geojson") == .geojson)
    #expect(TrackFormat(fileExtension: "csv") == .csv)
    #expect(TrackFormat(fileExtension: "log") == nil)
  }

  @Test func sniffsContent() {
    #expect(TrackFormat.sniff(Array("\u{FEFF}<?xml version=\"1.0\"?><gpx>".utf8)) == .gpx)
    #expect(TrackFormat.sniff(Array(" {\"type\":\"Feature\"}".utf8)) == .geojson)
    #expect(TrackFormat.sniff(Array("# Name: log\n$GPRMC,".utf8)) == .nmea)
    #expect(TrackFormat.sniff([0xB5, 0x62, 0x01] + Array("\n$GNRMC,1".utf8)) == .nmea)
    #expect(TrackFormat.sniff(Array("time,latitude,longitude\n".utf8)) == .csv)
    #expect(TrackFormat.sniff(Array("hello world".utf8)) == nil)
  }

  @Test func anExplicitFormatOverridesTheExtension() throws {
    let directory = try TemporaryDirectory()
    let url = try directory.write("track.txt", "lat,lon\n1,2\n")
    #expect(try TrackReader.open(url: url).format == .csv)
    let forced = try directory.write("track.gpx", "lat,lon\n1,2\n")
    #expect(try TrackReader.open(url: forced, format: .csv).format == .csv)
    #expect(throws: TrackError.self) { while try TrackReader.open(url: forced).next() != nil {} }
  }

  @Test func refusesUnknownContentAndUnreadableFiles() throws {
    let directory = try TemporaryDirectory()
    let unknown = try directory.write("mystery.dat", "hello")
    #expect(
      throws: TrackError(
        .unknownFormat,
        file: unknown.path,
        message:
          "cannot tell the track format from the name or the content; expected GPX, NMEA, GeoJSON or CSV"
      )
    ) {
      _ = try TrackReader.open(url: unknown)
    }
    do {
      _ = try TrackReader.open(url: directory.url.appendingPathComponent("missing.gpx"))
      Issue.record("a missing file should not open")
    } catch {
      #expect(error.kind == .unreadable)
      #expect(error.message.contains("No such file"))
    }
  }

  @Test func parsesTimestampsAndNumbers() {
    #expect(Timestamp.parse("2013-01-01T12:00:04") == Date(timeIntervalSince1970: 1_357_041_604))
    #expect(
      Timestamp.parse("2013-01-01T14:00:04+02:00") == Date(timeIntervalSince1970: 1_357_041_604)
    )
    #expect(Timestamp.parse("1901-12-13T20:45:52Z") == Date(timeIntervalSince1970: -2_147_483_648))
    #expect(Timestamp.parse("2013-13-01T00:00:00Z") == nil)
    #expect(Timestamp.parse("yesterday") == nil)
    // A day the month does not have, an hour past the end of the day, an offset no zone has.
    for impossible in [
      "2026-02-29T00:00:00Z", "2026-02-30T12:00:00Z", "2026-04-31T12:00:00Z",
      "2026-06-12T24:00:01Z", "2026-06-12T12:00:00+25:00", "2026-06-12T12:00:00+02:75",
    ] {
      #expect(Timestamp.parse(impossible) == nil, "\(impossible)")
    }
    #expect(Timestamp.parse("2024-02-29T00:00:00Z") == Date(timeIntervalSince1970: 1_709_164_800))
    #expect(Timestamp.parse("2000-02-29T00:00:00Z") != nil)
    #expect(Timestamp.parse("1900-02-29T00:00:00Z") == nil)
    #expect(Timestamp.parse("2026-06-12T24:00:00Z") == Timestamp.parse("2026-06-13T00:00:00Z"))
    #expect(NumberParsing.double("45.380593557") == 45.380593557)
    #expect(NumberParsing.double(" -0.5 ") == -0.5)
    #expect(NumberParsing.double("1.5e3") == 1500)
    #expect(NumberParsing.double("123456789012345678901.5") == 123456789012345678901.5)
    #expect(NumberParsing.double("1.2.3") == nil)
    #expect(NumberParsing.double("") == nil)
  }
}
