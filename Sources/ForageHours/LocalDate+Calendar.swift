import ForageSupport

/// Calendar arithmetic on ``LocalDate``: day numbers, weekdays, ISO weeks and month lengths.
extension LocalDate {
  /// The number of days since 1970-01-01 (negative before it).
  ///
  /// Howard Hinnant's `days_from_civil`, exact for every Gregorian date.
  var dayNumber: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let shiftedMonth = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `dayNumber` days after 1970-01-01 (Hinnant's `civil_from_days`).
  init(dayNumber: Int) {
    let shifted = dayNumber + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    self.init(year: year, month: month, day: day)
  }

  /// The day before.
  var previous: LocalDate { LocalDate(dayNumber: dayNumber - 1) }

  /// The weekday, 0 for Monday through 6 for Sunday.
  var weekday: Int {
    // 1970-01-01 was a Thursday (3).
    let remainder = (dayNumber + 3) % 7
    return remainder < 0 ? remainder + 7 : remainder
  }

  /// The number of ISO 8601 weeks in `year`: 53 when it starts on a Thursday, or on a Wednesday in
  /// a leap year; 52 otherwise.
  static func isoWeeks(inYear year: Int) -> Int {
    let firstWeekday = LocalDate(year: year, month: 1, day: 1).weekday
    return firstWeekday == 3 || (firstWeekday == 2 && GregorianCalendar.isLeapYear(year)) ? 53 : 52
  }

  /// The ISO 8601 week number, 1 through 53 (early January can be in the previous year's last
  /// week, late December in the next year's week 1).
  var isoWeek: Int {
    let dayOfYear = dayNumber - LocalDate(year: year, month: 1, day: 1).dayNumber + 1
    let week = (dayOfYear - (weekday + 1) + 10) / 7
    if week < 1 { return LocalDate.isoWeeks(inYear: year - 1) }
    if week > LocalDate.isoWeeks(inYear: year) { return 1 }
    return week
  }
}
