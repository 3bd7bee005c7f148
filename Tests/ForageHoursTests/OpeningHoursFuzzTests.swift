import Foundation
import Testing

@testable import ForageHours

/// Random texts built from the grammar's alphabet never crash or hang the parser or the
/// evaluator.
@Suite struct OpeningHoursFuzzTests {
  /// Pieces of real values and stray characters.
  private static let pieces = [
    "Mo", "Tu", "We", "Th", "Fr", "Sa", "Su", "PH", "SH", "Jan", "Dec", "week", "2026", "24/7",
    "off", "open", "closed", "unknown", "sunrise", "easter", "0", "1", "2", "4", "9", "00", "12",
    "24", "48", ":", "-", ",", ";", " ", "||", "/", "+", "[", "]", "\"", "(", ")", "\u{0}", "é",
    "\u{661}", "\t",
  ]

  @Test func randomTextsNeverCrash() throws {
    var random = SplitMix64(state: 2026)
    let instants = [
      LocalClock.instant("2026-11-23 11:00"), LocalClock.instant("2026-12-31 23:59"),
      LocalClock.instant("2026-03-29 02:30"),
    ]
    var parsed = 0
    for _ in 0..<20_000 {
      var text = ""
      for _ in 0..<random.below(24) {
        text += Self.pieces[random.below(Self.pieces.count)]
      }
      guard let hours = try? OpeningHours(text) else { continue }
      parsed += 1
      _ = hours.stateAtAnyTime()
      for instant in instants {
        _ = hours.state(at: instant, in: LocalClock.helsinki)
        _ = hours.state(at: instant, in: LocalClock.helsinki, publicHolidays: .dates([]))
      }
    }
    #expect(parsed > 0)
  }

  @Test func randomScalarsNeverCrash() {
    var random = SplitMix64(state: 7)
    for _ in 0..<5_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<random.below(40) {
        let value = random.below(4) == 0 ? random.below(0x3000) : 32 + random.below(95)
        if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
      }
      _ = try? OpeningHours(String(scalars))
    }
  }
}
