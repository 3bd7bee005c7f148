/// A year selector: `2026`, `2025-2027`, `2020-2030/2` or `2026+`.
struct YearRange: Sendable, Hashable {
  /// The first year.
  var first: Int
  /// The last year; `nil` for every year from `first` on.
  var last: Int?
  /// Every `step`th year from `first`.
  var step: Int = 1

  /// Whether `year` is selected.
  func contains(_ year: Int) -> Bool {
    guard year >= first else { return false }
    if let last, year > last { return false }
    return (year - first) % step == 0
  }
}
