/// Reading selectors: years, months and dates, weeks, weekdays and holidays, then times.
extension OpeningHoursParser {
  /// The month abbreviations, January first.
  static let monthNames = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]
  /// The weekday abbreviations, Monday first.
  static let weekdayNames = ["mo", "tu", "we", "th", "fr", "sa", "su"]

  /// The selectors of a rule, or `nil` when none is next.
  mutating func parseSelectors() throws(OpeningHoursError) -> (DaySelector, [TimeSpan])? {
    try rejectUnsupported()
    var days = DaySelector()
    var hasWideSelector = false
    if isYearNext() {
      days.years = try parseYears()
      hasWideSelector = true
      if let next = peek(0), Self.isLetter(next) {
        throw failure("expected a space after the year")
      }
      acceptSpace { $0.monthIndex(at: 1) != nil || $0.isNextWord("week", at: 1) }
    }
    if monthIndex(at: 0) != nil {
      days.monthdays = try parseMonthdays()
      hasWideSelector = true
      if !days.years.isEmpty, days.monthdays.contains(where: Self.wrapsYearEnd) {
        throw failure("a year with dates through the new year is not supported")
      }
      acceptSpace { $0.isNextWord("week", at: 1) }
    }
    if isNext("week") {
      days.weeks = try parseWeeks()
      hasWideSelector = true
    }
    if hasWideSelector {
      _ = accept(":")
      acceptSpace { $0.isWeekdayNext(at: 1) || $0.isTimeNext(at: 1) }
    }
    try rejectUnsupported()
    var times: [TimeSpan] = []
    if isWeekdayNext(at: 0) {
      let weekdaysStart = position
      (days.weekdays, days.holidays) = try parseWeekdays()
      if days.monthdays.count > 1, days.weekdays.contains(where: { !$0.occurrences.isEmpty }) {
        // The Rust crate selects every day of some of the months here, so there is no
        // independent check of an answer.
        position = weekdaysStart
        throw failure("nth weekdays in a list of several months or dates are not supported")
      }
      if peek(0) == " ", isTimeNext(at: 1) || isUnsupportedNext(at: 1) {
        position += 1
        try rejectUnsupported()
        times = try parseTimes()
      }
    } else if isTimeNext(at: 0) {
      times = try parseTimes()
    } else if !hasWideSelector {
      return nil
    }
    return (days, times)
  }

  /// Reads one space when it is next and `condition` holds.
  private mutating func acceptSpace(when condition: (Self) -> Bool) {
    if peek(0) == " " && condition(self) { position += 1 }
  }

  /// Whether a month or date range runs through the new year.
  private static func wrapsYearEnd(_ range: MonthdayRange) -> Bool {
    switch range {
    case .months(let first, let last): return last < first
    case .dates(let first, let last): return last < first
    }
  }

  /// Throws for the parts this evaluator does not support when one is next.
  private func rejectUnsupported() throws(OpeningHoursError) {
    for event in ["sunrise", "sunset", "dawn", "dusk"] where isNextWord(event) {
      throw failure("sunrise, sunset, dawn and dusk are not supported")
    }
    if peek(0) == "(" { throw failure("sunrise, sunset, dawn and dusk are not supported") }
    if isNextWord("easter") { throw failure("easter is not supported") }
  }

  /// Whether a part this evaluator does not support is `offset` places ahead.
  private func isUnsupportedNext(at offset: Int) -> Bool {
    ["sunrise", "sunset", "dawn", "dusk", "easter"].contains { isNextWord($0, at: offset) }
      || peek(offset) == "("
  }

  /// The month (1 through 12) whose name is `offset` places ahead.
  func monthIndex(at offset: Int) -> Int? {
    Self.monthNames.firstIndex { isNextWord($0, at: offset) }.map { $0 + 1 }
  }

  /// The weekday (0 for Monday) whose name is `offset` places ahead.
  func weekdayIndex(at offset: Int) -> Int? {
    Self.weekdayNames.firstIndex { isNextWord($0, at: offset) }
  }

  /// Whether a weekday, `PH` or `SH` is `offset` places ahead.
  func isWeekdayNext(at offset: Int) -> Bool {
    weekdayIndex(at: offset) != nil || isHolidayNext(at: offset)
  }

  /// Whether `PH` or `SH` (in capitals) is `offset` places ahead.
  private func isHolidayNext(at offset: Int) -> Bool {
    (isNext("PH", at: offset) || isNext("SH", at: offset))
      && !(peek(offset + 2).map(Self.isLetter) ?? false)
  }

  /// Whether a four-digit year is next.
  private func isYearNext() -> Bool {
    digitCount() == 4 && peek(4) != ":"
  }

  /// Whether a time such as `9:00` or `09:00` is `offset` places ahead.
  func isTimeNext(at offset: Int) -> Bool {
    let count = digitCount(at: offset)
    return (count == 1 || count == 2) && peek(offset + count) == ":"
  }

  /// A year selector: ranges separated by commas.
  private mutating func parseYears() throws(OpeningHoursError) -> [YearRange] {
    var ranges: [YearRange] = []
    repeat {
      let first = try parseYear()
      var range = YearRange(first: first, last: first)
      if accept("+") {
        range.last = nil
      } else if accept("-") {
        let last = try parseYear()
        guard last >= first else { throw failure("expected a range of years in order") }
        range.last = last
        if accept("/") { range.step = try parseStep() }
      }
      ranges.append(range)
    } while peek(0) == "," && digitCount(at: 1) == 4 && accept(",")
    return ranges
  }

  /// A year from 1900 through 9999.
  private mutating func parseYear() throws(OpeningHoursError) -> Int {
    guard digitCount() == 4 else { throw failure("expected a year such as 2026") }
    let start = position
    let year = readDigits(4)
    guard year >= 1900 else {
      position = start
      throw failure("expected a year from 1900")
    }
    return year
  }

  /// The step after `/`: a positive number of at most three digits.
  private mutating func parseStep() throws(OpeningHoursError) -> Int {
    let count = digitCount()
    guard count >= 1 && count <= 3 else { throw failure("expected a step such as 2") }
    let start = position
    let step = readDigits(count)
    guard step >= 1 else {
      position = start
      throw failure("expected a step of at least 1")
    }
    return step
  }

  /// A week selector: `week`, then week ranges separated by commas.
  private mutating func parseWeeks() throws(OpeningHoursError) -> [WeekRange] {
    position += 4
    _ = accept(" ")
    var ranges: [WeekRange] = []
    repeat {
      let first = try parseWeekNumber()
      var range = WeekRange(first: first, last: first)
      if accept("-") {
        range.last = try parseWeekNumber()
        guard range.last >= first else { throw failure("expected a range of weeks in order") }
        if accept("/") { range.step = try parseStep() }
      }
      ranges.append(range)
    } while peek(0) == "," && digitCount(at: 1) == 2 && accept(",")
    return ranges
  }

  /// A two-digit week number from 01 through 53.
  private mutating func parseWeekNumber() throws(OpeningHoursError) -> Int {
    guard digitCount() == 2 else { throw failure("expected a week number such as 01") }
    let start = position
    let week = readDigits(2)
    guard week >= 1 && week <= 53 else {
      position = start
      throw failure("expected a week number from 01 through 53")
    }
    return week
  }

  /// Weekday ranges and holidays separated by commas.
  private mutating func parseWeekdays() throws(OpeningHoursError) -> ([WeekdayRange], [HolidayKind])
  {
    var ranges: [WeekdayRange] = []
    var holidays: [HolidayKind] = []
    repeat {
      if accept("PH") {
        holidays.append(.publicHoliday)
      } else if accept("SH") {
        holidays.append(.schoolHoliday)
      } else {
        ranges.append(try parseWeekdayRange())
      }
    } while peek(0) == "," && isWeekdayNext(at: 1) && accept(",")
    if peek(0) == " ", peek(1) == "+" || peek(1) == "-" {
      position += 1
      throw failure("day offsets are not supported")
    }
    return (ranges, holidays)
  }

  /// `Mo`, `Mo-Fr`, or `Su[1]`, `Fr[-1]`, `Mo[1,3]`, `Mo[2-4]`.
  private mutating func parseWeekdayRange() throws(OpeningHoursError) -> WeekdayRange {
    let first = try parseWeekday()
    var range = WeekdayRange(first: first, last: first)
    if accept("-") {
      range.last = try parseWeekday()
    } else if accept("[") {
      repeat {
        range.occurrences.formUnion(try parseOccurrences())
      } while accept(",")
      guard accept("]") else { throw failure("expected ] after the weekday's occurrences") }
    }
    return range
  }

  /// A weekday name such as `Mo`, in any case.
  private mutating func parseWeekday() throws(OpeningHoursError) -> Int {
    guard let weekday = weekdayIndex(at: 0) else {
      throw failure("expected a weekday such as Mo")
    }
    position += 2
    return weekday
  }

  /// One entry between brackets: `1` through `5`, `-1` through `-5`, or a range such as `2-4`.
  private mutating func parseOccurrences() throws(OpeningHoursError) -> Set<Int> {
    if accept("-") { return [-(try parseOccurrence())] }
    let first = try parseOccurrence()
    guard accept("-") else { return [first] }
    let last = try parseOccurrence()
    guard last >= first else { throw failure("expected a range of occurrences in order") }
    return Set(first...last)
  }

  /// One digit from 1 through 5.
  private mutating func parseOccurrence() throws(OpeningHoursError) -> Int {
    guard let scalar = peek(0), scalar.value >= 49 && scalar.value <= 53,
      !(peek(1).map(Self.isDigit) ?? false)
    else { throw failure("expected an occurrence from 1 through 5") }
    return readDigits(1)
  }
}
