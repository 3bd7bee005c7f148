import ForageSupport

/// Reading month and date selectors: `Jan-Mar`, `Dec`, `Dec 24`, `Dec 24-26`, `May 01-Sep 30`.
extension OpeningHoursParser {
  /// Month and date ranges separated by commas.
  mutating func parseMonthdays() throws(OpeningHoursError) -> [MonthdayRange] {
    var ranges: [MonthdayRange] = []
    repeat {
      ranges.append(try parseMonthdayRange())
    } while peek(0) == "," && monthIndex(at: 1) != nil && accept(",")
    return ranges
  }

  /// One month range or date range.
  private mutating func parseMonthdayRange() throws(OpeningHoursError) -> MonthdayRange {
    let firstMonth = try parseMonth()
    if peek(0) == "-", monthIndex(at: 1) != nil {
      position += 1
      return .months(first: firstMonth, last: try parseMonth())
    }
    guard isDayNext(at: 0) || (peek(0) == " " && isDayNext(at: 1)) else {
      if isNextWord("easter", at: 1) { throw failure("easter is not supported") }
      return .months(first: firstMonth, last: firstMonth)
    }
    _ = accept(" ")
    let first = try parseDay(of: firstMonth)
    guard let dashOffset = rangeDashOffset() else { return .dates(first: first, last: first) }
    position += dashOffset
    if let lastMonth = monthIndex(at: 0) {
      position += 3
      _ = accept(" ")
      return .dates(first: first, last: try parseDay(of: lastMonth))
    }
    let last = try parseDay(of: firstMonth)
    guard last >= first else { throw failure("expected a range of days in order") }
    return .dates(first: first, last: last)
  }

  /// How far past the dash ending a date range's start (`-`, ` - `, `- `, ` -`) the end is, when
  /// a day or a month with a day follows; `nil` otherwise.
  private func rangeDashOffset() -> Int? {
    for (dash, length) in [("-", 1), (" - ", 3), ("- ", 2), (" -", 2)] where isNext(dash) {
      if isDayNext(at: length) { return length }
      if monthIndex(at: length) != nil,
        isDayNext(at: length + 3) || (peek(length + 3) == " " && isDayNext(at: length + 4))
      {
        return length
      }
    }
    return nil
  }

  /// Whether a day of the month (one or two digits, not a time) is `offset` places ahead.
  private func isDayNext(at offset: Int) -> Bool {
    let count = digitCount(at: offset)
    return (count == 1 || count == 2) && peek(offset + count) != ":"
  }

  /// A month name such as `Jan`, in any case.
  private mutating func parseMonth() throws(OpeningHoursError) -> Int {
    guard let month = monthIndex(at: 0) else { throw failure("expected a month such as Jan") }
    position += 3
    return month
  }

  /// A day of `month`, one or two digits, that exists in some year.
  private mutating func parseDay(of month: Int) throws(OpeningHoursError) -> MonthDay {
    let count = digitCount()
    guard count == 1 || count == 2 else { throw failure("expected a day of the month such as 24") }
    let start = position
    let day = readDigits(count)
    guard day >= 1 && day <= GregorianCalendar.daysIn(month: month, year: 2000) else {
      position = start
      throw failure("expected a day that exists in the month")
    }
    return MonthDay(month: month, day: day)
  }
}
