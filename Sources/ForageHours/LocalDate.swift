/// A day on the proleptic Gregorian calendar, without a time or a time zone.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The year, such as 2026.
  public var year: Int
  /// The month, 1 for January through 12 for December.
  public var month: Int
  /// The day of the month, from 1.
  public var day: Int

  /// Creates a date from its year, month and day (not checked).
  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    let month = month < 10 ? "0\(month)" : "\(month)"
    let day = day < 10 ? "0\(day)" : "\(day)"
    return "\(year)-\(month)-\(day)"
  }

  public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }
}
