/// The days a rule selects: every selector given must match (years, dates, weeks, weekdays).
struct DaySelector: Sendable, Hashable {
  /// Selected years; empty means every year.
  var years: [YearRange] = []
  /// Selected months or dates; empty means every day of the year.
  var monthdays: [MonthdayRange] = []
  /// Selected ISO weeks; empty means every week.
  var weeks: [WeekRange] = []
  /// Selected weekdays; a day matches when it matches one of these or one of `holidays`.
  var weekdays: [WeekdayRange] = []
  /// Selected holidays (`PH`, `SH`).
  var holidays: [HolidayKind] = []

  /// Whether no selector is given, so every day matches.
  var selectsEveryDay: Bool {
    years.isEmpty && monthdays.isEmpty && weeks.isEmpty && weekdays.isEmpty && holidays.isEmpty
  }

  /// Whether `date` is selected, reading holidays from `isHoliday`.
  func matches(_ date: LocalDate, isHoliday: (HolidayKind, LocalDate) -> Bool) -> Bool {
    guard years.isEmpty || years.contains(where: { $0.contains(date.year) }) else { return false }
    guard monthdays.isEmpty || monthdays.contains(where: { $0.contains(date) }) else {
      return false
    }
    guard weeks.isEmpty || weeks.contains(where: { $0.contains(date.isoWeek) }) else {
      return false
    }
    if weekdays.isEmpty && holidays.isEmpty { return true }
    if weekdays.contains(where: { $0.contains(date) }) { return true }
    return holidays.contains { isHoliday($0, date) }
  }
}

/// A kind of holiday a rule can select.
enum HolidayKind: Sendable, Hashable, CaseIterable {
  /// `PH`, a public holiday.
  case publicHoliday
  /// `SH`, a school holiday.
  case schoolHoliday
}
