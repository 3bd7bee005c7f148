import Foundation
import Testing

@testable import ForageTracks

/// A UTF-8 byte order mark before a track is read past in every format, guessed or named: the
/// same fixes and no defect (NMEA took it for binary noise, and skipped the first sentence).
@Suite struct ByteOrderMarkTests {
  static let tracks: [(format: TrackFormat, text: String)] = [
    (
      .gpx,
      #"<?xml version="1.0"?><gpx version="1.1" creator="t"><trk><trkseg>"#
        + #"<trkpt lat="60.17" lon="24.94"><time>2026-01-01T00:00:00Z</time></trkpt>"#
        + #"<trkpt lat="60.1701" lon="24.9401"><time>2026-01-01T00:00:01Z</time></trkpt>"#
        + "</trkseg></trk></gpx>\n"
    ),
    (
      .nmea,
      nmea("GPRMC,120000,A,6010.200,N,02456.400,E,0.5,10.0,010126,,")
        + nmea("GPRMC,120001,A,6010.201,N,02456.401,E,0.5,10.0,010126,,")
    ),
    (
      .geojson,
      #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":"#
        + #"{"type":"LineString","coordinates":[[24.94,60.17],[24.9401,60.1701]]},"#
        + #""properties":{"coordTimes":["2026-01-01T00:00:00Z","2026-01-01T00:00:01Z"]}}]}"#
    ),
    (
      .csv, "time,lat,lon\n2026-01-01T00:00:00Z,60.17,24.94\n2026-01-01T00:00:01Z,60.1701,24.9401\n"
    ),
  ]

  @Test(arguments: tracks.indices, [true, false])
  func aByteOrderMarkIsReadPast(index: Int, isFormatNamed: Bool) throws {
    let (format, text) = Self.tracks[index]
    let named = isFormatNamed ? format : nil
    let plain = try readEvents(text, format: named)
    let marked = try readEvents("\u{FEFF}" + text, format: named)
    #expect(fixes(plain).count == 2, "\(format)")
    #expect(fixes(marked).map(\.latitude) == fixes(plain).map(\.latitude), "\(format)")
    #expect(fixes(marked).map(\.time) == fixes(plain).map(\.time), "\(format)")
    #expect(defects(marked).isEmpty, "\(format): \(defects(marked))")
  }

  /// A mistake on the first line is reported at the column it has without the mark (GPX counted
  /// the mark's three bytes).
  @Test(arguments: [
    (TrackFormat.gpx, #"<gpx version="1.1"><trk><trkseg><trkpt lat="60.17" lon="24.94"></trkseg>"#),
    (TrackFormat.geojson, #"{"type":"FeatureCollection","features":[{"type":"Feature",]}"#),
  ])
  func columnsOfTheFirstLineCountFromAfterTheMark(format: TrackFormat, text: String) {
    let plain = readError(text, format: format)
    let marked = readError("\u{FEFF}" + text, format: format)
    #expect(plain?.column != nil)
    #expect(marked?.line == plain?.line)
    #expect(marked?.column == plain?.column)
  }
}
