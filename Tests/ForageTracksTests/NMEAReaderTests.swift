import Foundation
import Testing

@testable import ForageTracks

/// The NMEA 0183 reader: RMC/GGA pairing, talkers, checksums and the noise real logs carry.
@Suite struct NMEAReaderTests {
  static let rmc = "GPRMC,123519.00,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"
  static let gga = "GPGGA,123519.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"

  @Test func pairsGGAWithTheRMCOfTheSameTime() throws {
    let events = try readEvents(nmea(Self.gga) + nmea(Self.rmc), format: .nmea)
    let fix = try #require(fixes(events).first)
    #expect(fixes(events).count == 1)
    #expect(abs(fix.latitude - (48 + 7.038 / 60)) < 1e-12)
    #expect(abs(fix.longitude - (11 + 31.0 / 60)) < 1e-12)
    #expect(fix.time == date("1994-03-23T12:35:19Z"))
    #expect(abs(fix.speed! - 22.4 * 1852 / 3600) < 1e-9)
    #expect(fix.course == 84.4)
    #expect(fix.elevation == 545.4 && fix.hdop == 0.9 && fix.satellites == 8)
    #expect(fix.horizontalAccuracy == 4.5)
    #expect(fix.line == 2)
    #expect(defects(events).isEmpty)
  }

  /// Points of one time at other positions are each a point, as in GPX, CSV and GeoJSON (all
  /// but the first vanished, merged into it, without a word); the same sentence from another
  /// talker is still the same point.
  @Test func pointsOfOneTimeAtOtherPositionsAreEachAPoint() throws {
    var text = ""
    for index in 0..<3 {
      let minutes = String(format: "%06.3f", 10.2 + Double(index) * 0.001)
      text += nmea("GPRMC,120000,A,60\(minutes),N,02456.400,E,0.5,10.0,010126,,")
      text += nmea("GPGGA,120000,60\(minutes),N,02456.400,E,1,08,0.9,10.0,M,0.0,M,,")
    }
    let events = try readEvents(text, format: .nmea)
    #expect(fixes(events).count == 3)
    #expect(Set(fixes(events).map(\.latitude)).count == 3)
    let twice =
      nmea("GPRMC,120000,A,6010.200,N,02456.400,E,0.5,10.0,010126,,")
      + nmea("GNRMC,120000,A,6010.200,N,02456.400,E,0.5,10.0,010126,,")
      + nmea("GPGGA,120000,6010.200,N,02456.400,E,1,08,0.9,10.0,M,0.0,M,,")
    #expect(fixes(try readEvents(twice, format: .nmea)).count == 1)
  }

  @Test func acceptsAnyTalkerAndSouthernWesternHemispheres() throws {
    var text = ""
    for (talker, second) in [("GN", 0), ("GL", 1), ("BD", 2), ("GA", 3)] {
      text += nmea("\(talker)RMC,00000\(second).000,A,2712.6404,S,15303.1201,W,0.0,0.0,080407,,,A")
    }
    let read = fixes(try readEvents(text, format: .nmea))
    #expect(read.count == 4)
    #expect(read.allSatisfy { $0.latitude < -27.2 && $0.longitude < -153.05 })
  }

  @Test func skipsAndCountsChecksumErrors() throws {
    let bad = nmea(Self.rmc).replacingOccurrences(of: "A,4807", with: "A,4808")
    let events = try readEvents(bad, format: .nmea)
    #expect(fixes(events).isEmpty)
    #expect(defects(.checksumError, in: events).map(\.line) == [1])
  }

  @Test func skipsBinaryNoiseAndPartialLines() throws {
    var bytes: [UInt8] = Array("# header\r\n".utf8)
    bytes += [0xB5, 0x62, 0x01, 0x07, 0x5C, 0x00, 0xFF, 0x0D, 0x0A]
    bytes += [0xB5, 0x62, 0x25] + Array(nmea(Self.rmc).utf8)
    bytes +=
      Array("$GPRMC,123520.00,A,4807.0".utf8)
      + Array(nmea(Self.rmc.replacingOccurrences(of: "123519", with: "123521")).utf8)
    bytes += Array("$GPGGA,123522.00,4807.038,N,011".utf8)
    let reader = try TrackReader(bytes: bytes, format: .nmea)
    var events: [TrackEvent] = []
    while let event = try reader.next() { events.append(event) }
    #expect(fixes(events).count == 2)
    #expect(defects(.binaryNoise, in: events).map(\.line) == [2, 3])
    #expect(defects(.partialLine, in: events).map(\.line) == [4, 5])
  }

  @Test func dropsRMCStatusVAndMarksGGAQualityZeroInvalid() throws {
    let void = Self.rmc.replacingOccurrences(of: ",A,", with: ",V,")
    let noFix = Self.gga.replacingOccurrences(of: ",E,1,", with: ",E,0,")
      .replacingOccurrences(of: "123519", with: "123520")
    let rmc2 = Self.rmc.replacingOccurrences(of: "123519", with: "123520")
    let events = try readEvents(nmea(void) + nmea(noFix) + nmea(rmc2), format: .nmea)
    #expect(fixes(events).count == 1)
    #expect(fixes(events).first?.horizontalAccuracy == -1)
    #expect(defects(.noFix, in: events).map(\.line) == [1, 3])
  }

  @Test func reportsGGAWithoutAnRMC() throws {
    let events = try readEvents(nmea(Self.gga), format: .nmea)
    #expect(fixes(events).isEmpty)
    #expect(defects(.unpairedGGA, in: events).map(\.line) == [1])
  }

  @Test func readsTwoDigitYearsAcrossTheCentury() throws {
    let old = Self.rmc.replacingOccurrences(of: "230394", with: "311299")
    let new = Self.rmc.replacingOccurrences(of: "230394", with: "010100")
      .replacingOccurrences(of: "123519", with: "123520")
    let read = fixes(try readEvents(nmea(old) + nmea(new), format: .nmea, options: lenient()))
    #expect(read.map(\.time) == [date("1999-12-31T12:35:19Z"), date("2000-01-01T12:35:20Z")])
  }

  private func lenient() -> TrackReadOptions {
    var options = TrackReadOptions()
    options.gapThreshold = .infinity
    return options
  }
}
