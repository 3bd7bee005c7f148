import ForageLocation
import ForageTracks
import Foundation
import Testing

@testable import ForageGPSD

/// One reading per epoch from gpsd's several TPV reports of it.
@Suite struct GPSDEpochMergerTests {
  static func fix(_ second: Double?, speed: Double? = nil, latitude: Double = 60) -> Fix {
    Fix(
      time: second.map { Date(timeIntervalSince1970: $0) },
      latitude: latitude,
      longitude: 24,
      speed: speed
    )
  }

  static func merge(_ reports: [GPSDReport]) -> [GPSReading] {
    var merger = GPSDEpochMerger()
    return reports.flatMap { merger.take($0) } + merger.finish()
  }

  @Test func theLastReportOfAnEpochWins() {
    let readings = Self.merge([
      .fix(Self.fix(1, speed: 9.2)), .fix(Self.fix(1, speed: 0.9)), .ignored(class: "SKY"),
      .fix(Self.fix(2, speed: 11.4)), .fix(Self.fix(2, speed: 0)),
    ])
    #expect(readings == [.fix(Self.fix(1, speed: 0.9)), .fix(Self.fix(2, speed: 0))])
  }

  @Test func untimedReportsBeforeTheDateIsKnownJoinTheNextEpoch() {
    let readings = Self.merge([.fix(Self.fix(nil)), .fix(Self.fix(nil)), .fix(Self.fix(5))])
    #expect(readings == [.fix(Self.fix(5))])
  }

  @Test func aNoFixReportHandsOnThePendingFixFirst() {
    let readings = Self.merge([.fix(Self.fix(nil)), .noFix(time: nil), .fix(Self.fix(3))])
    #expect(readings == [.fix(Self.fix(nil)), .locationUnknown(time: nil), .fix(Self.fix(3))])
  }

  @Test func anUntimedReportAfterATimedOneStartsAnEpoch() {
    let readings = Self.merge([.fix(Self.fix(1)), .fix(Self.fix(nil, latitude: 61))])
    #expect(readings == [.fix(Self.fix(1)), .fix(Self.fix(nil, latitude: 61))])
  }

  @Test func nothingIsHeldAfterTheEnd() {
    var merger = GPSDEpochMerger()
    #expect(merger.take(.fix(Self.fix(1))).isEmpty)
    #expect(merger.finish() == [.fix(Self.fix(1))])
    #expect(merger.finish().isEmpty)
  }
}
