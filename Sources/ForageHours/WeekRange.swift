/// An ISO week selector: `week 05`, `week 01-10` or `week 01-53/2`.
struct WeekRange: Sendable, Hashable {
  /// The first week, 1 through 53.
  var first: Int
  /// The last week, `first` through 53.
  var last: Int
  /// Every `step`th week from `first`.
  var step: Int = 1

  /// Whether ISO week `week` is selected.
  func contains(_ week: Int) -> Bool {
    week >= first && week <= last && (week - first) % step == 0
  }
}
