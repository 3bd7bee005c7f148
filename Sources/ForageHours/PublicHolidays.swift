/// What the caller knows about public holidays where the place is.
public enum PublicHolidays: Sendable, Hashable {
  /// No holiday calendar: a `PH` rule decides the answer only when holiday or not gives the same.
  case unknown
  /// Exactly these local dates are public holidays.
  case dates(Set<LocalDate>)
}
