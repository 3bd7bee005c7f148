/// The proleptic Gregorian calendar's month lengths: the one leap-year rule for the track
/// timestamps and the opening-hours dates.
public enum GregorianCalendar {
  /// Whether `year` has a 29 February.
  public static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// The number of days in `month` (1–12) of `year`.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
