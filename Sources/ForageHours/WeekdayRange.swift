import ForageSupport

/// A weekday selector: `Mo`, `Mo-Fr`, wrapping `Fr-Mo`, or the nth weekdays of the month `Su[1]`,
/// `Fr[-1]`, `Mo[1,3]`, `Mo[2-4]`.
struct WeekdayRange: Sendable, Hashable {
  /// The first weekday, 0 for Monday through 6 for Sunday.
  var first: Int
  /// The last weekday; before `first` when the range wraps through Sunday.
  var last: Int
  /// Which occurrences in the month: 1 through 5 count from the start, -1 through -5 from the
  /// end; empty means every occurrence.
  var occurrences: Set<Int> = []

  /// Whether `date` is selected.
  func contains(_ date: LocalDate) -> Bool {
    let weekday = date.weekday
    let inRange =
      first <= last ? (first...last).contains(weekday) : weekday >= first || weekday <= last
    guard inRange else { return false }
    if occurrences.isEmpty { return true }
    let fromStart = (date.day - 1) / 7 + 1
    let daysInMonth = GregorianCalendar.daysIn(month: date.month, year: date.year)
    let fromEnd = -((daysInMonth - date.day) / 7 + 1)
    return occurrences.contains(fromStart) || occurrences.contains(fromEnd)
  }
}
