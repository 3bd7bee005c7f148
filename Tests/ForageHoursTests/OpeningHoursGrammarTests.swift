import Foundation
import Testing

@testable import ForageHours

/// Hand-checked answers for each piece of the grammar. 2026-11-23 is a Monday; times are
/// Helsinki wall-clock times unless a test says otherwise.
@Suite struct OpeningHoursGrammarTests {
  /// The state of `text` at local `time` in Helsinki.
  private func state(
    _ text: String,
    _ time: String,
    holidays: PublicHolidays = .unknown
  ) throws -> Bool? {
    try OpeningHours(text).state(
      at: LocalClock.instant(time),
      in: LocalClock.helsinki,
      publicHolidays: holidays
    )
  }

  @Test func weekdayRangesSelectTheirDays() throws {
    #expect(try state("Mo-Fr 10:00-18:00", "2026-11-23 11:00") == true)
    #expect(try state("Mo-Fr 10:00-18:00", "2026-11-28 11:00") == false)
    #expect(try state("Mo-Fr 10:00-18:00", "2026-11-23 09:59") == false)
    #expect(try state("Mo-Fr 10:00-18:00", "2026-11-23 17:59") == true)
    #expect(try state("Mo-Fr 10:00-18:00", "2026-11-23 18:00") == false)
    #expect(try state("Mo,We 10:00-12:00", "2026-11-25 11:00") == true)
    #expect(try state("Mo,We 10:00-12:00", "2026-11-24 11:00") == false)
    #expect(try state("Fr-Mo 10:00-12:00", "2026-11-29 11:00") == true)
    #expect(try state("Fr-Mo 10:00-12:00", "2026-11-24 11:00") == false)
    #expect(try state("Sa-Su", "2026-11-28 03:00") == true)
    #expect(try state("mo-fr 10:00-12:00", "2026-11-23 11:00") == true)
  }

  @Test func timeListsLeaveGaps() throws {
    #expect(try state("Mo 09:00-12:00,13:00-18:00", "2026-11-23 12:30") == false)
    #expect(try state("Mo 09:00-12:00,13:00-18:00", "2026-11-23 13:30") == true)
    #expect(try state("Mo 09:00-12:00, 13:00-18:00", "2026-11-24 13:30") == false)
    #expect(try state("Mo 7:00-8:00", "2026-11-23 07:30") == true)
  }

  @Test func timesRunPastMidnight() throws {
    #expect(try state("Mo 18:00-03:00", "2026-11-24 02:59") == true)
    #expect(try state("Mo 18:00-03:00", "2026-11-24 03:00") == false)
    #expect(try state("Mo 18:00-03:00", "2026-11-23 02:00") == false)
    #expect(try state("Fr 22:00-26:00", "2026-11-28 01:59") == true)
    #expect(try state("Fr 22:00-26:00", "2026-11-28 02:00") == false)
    #expect(try state("Mo 10:00-24:00", "2026-11-23 23:59") == true)
    #expect(try state("Mo 10:00-24:00", "2026-11-24 00:00") == false)
    #expect(try state("Mo 18:00-00:00", "2026-11-23 23:59") == true)
  }

  @Test func laterNormalRulesReplaceEarlierOnesForTheirDays() throws {
    let text = "Mo-Fr 10:00-18:00; We 12:00-14:00"
    #expect(try state(text, "2026-11-25 11:00") == false)
    #expect(try state(text, "2026-11-25 13:00") == true)
    #expect(try state(text, "2026-11-24 11:00") == true)
    // Thursday's rule replaces what runs into Friday from Thursday.
    #expect(try state("Mo-Th 18:00-03:00; Fr-Sa 16:00-03:00", "2026-11-27 01:00") == false)
    #expect(try state("Mo-Th 18:00-03:00; Fr-Sa 16:00-03:00", "2026-11-28 01:00") == true)
  }

  @Test func additionalRulesAddTimes() throws {
    let text = "Mo-Fr 10:00-12:00, We 14:00-16:00"
    #expect(try state(text, "2026-11-25 11:00") == true)
    #expect(try state(text, "2026-11-25 15:00") == true)
    #expect(try state(text, "2026-11-24 15:00") == false)
    // `Sa, Su 10:00-12:00` reads as Saturday all day: unknown rather than a guess.
    #expect(try state("Sa, Su 10:00-12:00", "2026-11-28 15:00") == nil)
    #expect(try state("Sa, Su 10:00-12:00", "2026-11-29 11:00") == true)
  }

  @Test func fallbackRulesApplyWhereNothingElseDoes() throws {
    let text = "Mo 10:00-12:00 || Tu 10:00-12:00"
    #expect(try state(text, "2026-11-24 11:00") == true)
    #expect(try state(text, "2026-11-23 13:00") == false)
    #expect(try state("Mo 10:00-12:00 || \"call us\"", "2026-11-24 11:00") == nil)
  }

  @Test func statesAndComments() throws {
    #expect(try OpeningHours("24/7").stateAtAnyTime() == true)
    #expect(try OpeningHours("off").stateAtAnyTime() == false)
    #expect(try OpeningHours("closed").stateAtAnyTime() == false)
    #expect(try OpeningHours("open").stateAtAnyTime() == true)
    #expect(try OpeningHours("24/7 closed \"renovation\"").stateAtAnyTime() == false)
    #expect(try OpeningHours("unknown").stateAtAnyTime() == nil)
    #expect(try OpeningHours("Mo-Fr 10:00-12:00").stateAtAnyTime() == nil)
    #expect(try state("24/7", "2026-03-29 03:30") == true)
    #expect(try state("Mo-Fr 10:00-12:00 unknown", "2026-11-23 11:00") == nil)
    #expect(try state("Mo-Fr 10:00-12:00 unknown", "2026-11-23 13:00") == false)
    #expect(try state("Mo-Fr 10:00-12:00 off", "2026-11-23 11:00") == false)
    #expect(try state("Mo-Su 09:00-17:00; Mo off", "2026-11-23 11:00") == false)
    // Closing some times of a day: a lunch break, or the whole day? Only the break is sure.
    let lunch = "Mo-Fr 09:00-17:00; Mo 12:00-13:00 off"
    #expect(try state(lunch, "2026-11-23 12:30") == false)
    #expect(try state(lunch, "2026-11-23 10:00") == nil)
    #expect(try state(lunch, "2026-11-24 10:00") == true)
    #expect(try state("\"by appointment\"", "2026-11-23 11:00") == nil)
    #expect(try state("Mo-Fr 11:00-15:00 open \"Lunch\"", "2026-11-23 12:00") == true)
    #expect(try state("Mo-Fr 11:00-15:00 \"Lunch\"", "2026-11-23 12:00") == nil)
  }

  @Test func monthsAndDates() throws {
    #expect(try state("Jan-Mar 10:00-12:00", "2026-02-02 11:00") == true)
    #expect(try state("Jan-Mar 10:00-12:00", "2026-04-01 11:00") == false)
    #expect(try state("Nov-Jan", "2026-12-15 11:00") == true)
    #expect(try state("Nov-Jan", "2026-02-15 11:00") == false)
    #expect(try state("Dec 24 10:00-12:00", "2026-12-24 11:00") == true)
    #expect(try state("Dec 24 10:00-12:00", "2026-12-25 11:00") == false)
    #expect(try state("Dec 24-26", "2026-12-26 11:00") == true)
    #expect(try state("Dec 24-26", "2026-12-27 11:00") == false)
    #expect(try state("May 01-Sep 30", "2026-09-30 23:59") == true)
    #expect(try state("May 01-Sep 30", "2026-10-01 00:00") == false)
    #expect(try state("Dec 24-Jan 02", "2027-01-02 12:00") == true)
    #expect(try state("Dec 24-Jan 02", "2027-01-03 12:00") == false)
    #expect(try state("Mo-Fr 10:00-12:00; Dec 24-26 off", "2026-12-24 11:00") == false)
  }

  @Test func years() throws {
    #expect(try state("2026 Mo-Fr 10:00-12:00", "2026-11-23 11:00") == true)
    #expect(try state("2026 Mo-Fr 10:00-12:00", "2027-11-22 11:00") == false)
    #expect(try state("2020-2030/2", "2026-05-05 11:00") == true)
    #expect(try state("2020-2030/2", "2027-05-05 11:00") == false)
    #expect(try state("2027+", "2030-05-05 11:00") == true)
  }

  @Test func isoWeeksIncludingWeek53() throws {
    #expect(try state("week 01-10 Mo 10:00-12:00", "2026-03-02 11:00") == true)
    #expect(try state("week 01-10 Mo 10:00-12:00", "2026-03-09 11:00") == false)
    // 2026 has 53 ISO weeks; 1 January 2027 is in its week 53.
    #expect(try state("week 53", "2026-12-31 11:00") == true)
    #expect(try state("week 53", "2027-01-01 11:00") == true)
    #expect(try state("week 53", "2027-01-04 11:00") == false)
    #expect(try state("week 01-53/2", "2027-01-04 11:00") == true)
    #expect(try state("week 01-53/2", "2027-01-11 11:00") == false)
    #expect(LocalDate(year: 2020, month: 12, day: 31).isoWeek == 53)
    #expect(LocalDate(year: 2021, month: 1, day: 3).isoWeek == 53)
    #expect(LocalDate(year: 2024, month: 12, day: 30).isoWeek == 1)
  }

  @Test func nthWeekdaysOfTheMonth() throws {
    #expect(try state("Su[1]", "2026-11-01 11:00") == true)
    #expect(try state("Su[1]", "2026-11-08 11:00") == false)
    #expect(try state("Fr[-1]", "2026-11-27 11:00") == true)
    #expect(try state("Fr[-1]", "2026-11-20 11:00") == false)
    #expect(try state("Mo[2-3]", "2026-11-16 11:00") == true)
    #expect(try state("Mo[2-3]", "2026-11-23 11:00") == false)
  }

  @Test func publicHolidaysDecideOnlyWhenTheAnswerDoesNotDependOnThem() throws {
    let text = "Mo-Fr 10:00-18:00; PH off"
    let monday = LocalDate(year: 2026, month: 11, day: 23)
    #expect(try state(text, "2026-11-28 22:00") == false)
    #expect(try state(text, "2026-11-23 11:00") == nil)
    #expect(try state(text, "2026-11-23 11:00", holidays: .dates([monday])) == false)
    #expect(try state(text, "2026-11-23 11:00", holidays: .dates([])) == true)
    #expect(try state("PH 10:00-12:00", "2026-11-23 11:00", holidays: .dates([monday])) == true)
    #expect(try state("Mo-Fr,PH 10:00-12:00", "2026-11-28 11:00", holidays: .dates([])) == false)
  }

  @Test func schoolHolidaysAreAlwaysUnknown() throws {
    let text = "Mo-Fr 10:00-18:00; SH off"
    #expect(try state(text, "2026-11-23 11:00", holidays: .dates([])) == nil)
    #expect(try state(text, "2026-11-28 11:00", holidays: .dates([])) == false)
  }

  @Test func wallClockFollowsTheZoneAndItsDaylightSaving() throws {
    let hours = try OpeningHours("Mo-Su 02:00-04:00")
    // Helsinki skips 03:00-04:00 on 29 March 2026: 00:59 UTC is 02:59, 01:00 UTC is 04:00.
    let beforeJump = Date(timeIntervalSince1970: 1_774_745_940)
    #expect(hours.state(at: beforeJump, in: LocalClock.helsinki) == true)
    #expect(hours.state(at: beforeJump.addingTimeInterval(60), in: LocalClock.helsinki) == false)
    let weekdays = try OpeningHours("Mo-Fr 10:00-18:00")
    let morning = LocalClock.instant("2026-11-23 11:00")
    #expect(weekdays.state(at: morning, in: LocalClock.helsinki) == true)
    let newYork = try #require(TimeZone(identifier: "America/New_York"))
    #expect(weekdays.state(at: morning, in: newYork) == false)
    let utcPlusOne = try #require(TimeZone(secondsFromGMT: 3600))
    #expect(weekdays.state(at: morning, in: utcPlusOne) == true)
  }

  @Test func unsupportedPartsThrow() {
    for text in [
      "sunrise-sunset", "Mo 10:00-sunset", "(sunrise+01:00)-18:00", "easter", "Mo-Fr 16:00+",
      "Mo 10:00-12:00/30", "PH +1 day", "Oct,Dec Su[1]",
    ] {
      #expect(throws: OpeningHoursError.self, "\(text)") { try OpeningHours(text) }
    }
  }
}
