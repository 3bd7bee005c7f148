import ForageHours
import Foundation
import Testing

/// `--public-holidays`: one date a line, names and comments allowed, the first bad line named.
@Suite struct PublicHolidaysFileTests {
  static func file(_ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("holidays-\(UUID().uuidString).txt")
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test func readsDatesNamesCommentsAndBlankLines() throws {
    let path = try Self.file("# Finland\n\n2026-12-25 Christmas Day\n  2026-12-26\t# Boxing Day\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(
      try PublicHolidays.read(path)
        == .dates([
          LocalDate(year: 2026, month: 12, day: 25), LocalDate(year: 2026, month: 12, day: 26),
        ])
    )
    let empty = try Self.file("")
    defer { try? FileManager.default.removeItem(atPath: empty) }
    #expect(try PublicHolidays.read(empty) == .dates([]))
  }

  @Test(arguments: [
    ("2026-12-25\n2026-02-30\n", 2), ("24.12.2026\n", 1), ("\n\n2026-12-25x\n", 3),
    ("2026-1-05\n", 1), ("0000-01-01\n", 1), ("2026-13-01\n", 1), ("２０２６-12-25\n", 1),
    ("2025-02-29\n", 1), ("\u{1B}[2J\n", 1),
  ])
  func theFirstLineThatIsNotADateIsNamed(_ text: String, _ line: Int) throws {
    let path = try Self.file(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect {
      _ = try PublicHolidays.read(path)
    } throws: { error in
      guard let error = error as? PublicHolidaysFileError,
        case .malformed(_, let at, _) = error
      else { return false }
      return at == line && !error.description.contains("\u{1B}")
        && !error.description.contains("\n")
    }
  }

  @Test func anInputThatCannotBeReadSaysWhy() {
    #expect {
      _ = try PublicHolidays.read("/nonexistent/holidays.txt")
    } throws: { error in
      guard case .unreadable = error as? PublicHolidaysFileError else { return false }
      return true
    }
  }

  @Test func aCalendarDecidesAHolidayRule() throws {
    let hours = try OpeningHours("Mo-Fr 10:00-18:00; PH off")
    let zone = try #require(TimeZone(identifier: "Europe/Helsinki"))
    // Friday 2026-12-25 12:00 in Helsinki.
    let noon = Date(timeIntervalSince1970: 1_798_192_800)
    #expect(hours.state(at: noon, in: zone) == nil)
    #expect(hours.state(at: noon, in: zone, publicHolidays: .dates([])) == true)
    let christmas = LocalDate(year: 2026, month: 12, day: 25)
    #expect(hours.state(at: noon, in: zone, publicHolidays: .dates([christmas])) == false)
  }
}
