/// A month or date selector: `Jan-Mar`, `Dec`, `Dec 24`, `Dec 24-26`, `Dec 24-Jan 02`.
enum MonthdayRange: Sendable, Hashable {
  /// Whole months from the first to the last (through the new year when the last comes first).
  case months(first: Int, last: Int)
  /// Days from the first to the last, both included (through the new year when the last comes
  /// first).
  case dates(first: MonthDay, last: MonthDay)

  /// Whether `date` is selected.
  func contains(_ date: LocalDate) -> Bool {
    switch self {
    case .months(let first, let last):
      return first <= last
        ? (first...last).contains(date.month) : date.month >= first || date.month <= last
    case .dates(let first, let last):
      let day = MonthDay(month: date.month, day: date.day)
      return first <= last ? (first...last).contains(day) : day >= first || day <= last
    }
  }
}

/// A day of a year without the year, such as 24 December.
struct MonthDay: Sendable, Hashable, Comparable {
  /// The month, 1 through 12.
  var month: Int
  /// The day of the month, 1 through 31.
  var day: Int

  static func < (lhs: MonthDay, rhs: MonthDay) -> Bool {
    (lhs.month, lhs.day) < (rhs.month, rhs.day)
  }
}
