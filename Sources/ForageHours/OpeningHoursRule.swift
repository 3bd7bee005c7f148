/// One rule of an `opening_hours` value: which days, which times, which state, and how it combines
/// with the rules before it.
struct OpeningHoursRule: Sendable, Hashable {
  /// How a rule combines with the rules before it.
  enum Combination: Sendable, Hashable {
    /// After `;` (or first): on the days it selects, it replaces what the earlier rules said.
    case normal
    /// After `, `: adds its times on top of what the earlier rules said.
    case additional
    /// After ` || `: applies only on days no earlier rule selected (or that they left closed).
    case fallback
  }

  /// How this rule combines with the rules before it.
  var combination: Combination
  /// The days the rule selects.
  var days: DaySelector
  /// The times of day the rule gives its state to; empty means the whole day.
  let times: [TimeSpan]
  /// The state the rule gives.
  var state: RuleState
  /// The minutes of its own day the rule gives its state to.
  let sameDayParts: [Range<Int>]
  /// The minutes of the next day its times run into (`18:00-03:00` gives 0..<180).
  let nextDayParts: [Range<Int>]

  /// Creates a rule.
  init(combination: Combination, days: DaySelector, times: [TimeSpan], state: RuleState) {
    self.combination = combination
    self.days = days
    self.times = times
    self.state = state
    sameDayParts = times.isEmpty ? [0..<TimeSpan.minutesPerDay] : times.map(\.sameDayPart)
    nextDayParts = times.map(\.nextDayPart).filter { !$0.isEmpty }
  }

  /// Whether this is a normal rule that closes only some times of day (`Mo 12:00-13:00 off`).
  ///
  /// Implementations disagree on whether such a rule replaces the whole day or adds its closed
  /// times, so the evaluator answers only where both readings agree.
  var closesOnlySomeTimes: Bool {
    combination == .normal && state == .closed && !times.isEmpty
  }
}

/// The state a rule gives to the times it selects.
enum RuleState: Sendable, Hashable {
  /// Open (the default, or `open`).
  case open
  /// Closed (`off` or `closed`).
  case closed
  /// Unknown (`unknown`, or a comment without a state).
  case unknown
}
