/// Reads an `opening_hours` text into rules: the rule sequence, separators and states.
///
/// It accepts a subset of what the `opening-hours` Rust crate accepts, so that every value it
/// reads means the same to both: ASCII only outside comments, single spaces, names in any case
/// (`PH`, `SH` and `week` as written).
struct OpeningHoursParser {
  /// The text, by Unicode scalar.
  let scalars: [Unicode.Scalar]
  /// The index of the next scalar to read.
  var position = 0

  /// A parser at the start of `text`.
  init(_ text: String) {
    scalars = Array(text.unicodeScalars)
  }

  /// The rules of the whole text.
  ///
  /// - Throws: ``OpeningHoursError`` at the first malformed or unsupported part.
  mutating func parseRules() throws(OpeningHoursError) -> [OpeningHoursRule] {
    var rules: [OpeningHoursRule] = []
    var combination = OpeningHoursRule.Combination.normal
    while true {
      let (rule, hasModifier) = try parseRule(combination)
      rules.append(rule)
      if position == scalars.count { break }
      combination = try parseSeparator()
      if combination == .additional, !hasModifier, rule.times.isEmpty, !rule.days.selectsEveryDay {
        // `Sa, Su 09:00-16:00` reads as "Saturday all day, and Sunday 09:00-16:00", which is
        // rarely what was meant: Saturday is unknown.
        rules[rules.count - 1].state = .unknown
      }
    }
    return rules
  }

  /// A rule separator: `;` (with an optional space either side), `, ` or ` || `.
  private mutating func parseSeparator() throws(OpeningHoursError) -> OpeningHoursRule.Combination {
    if accept("; ") || accept(";") || accept(" ; ") || accept(" ;") { return .normal }
    if accept(", ") { return .additional }
    if accept(" || ") { return .fallback }
    throw failure("expected a rule separator such as ; or a state such as off")
  }

  /// One rule: `24/7` or selectors, then an optional state and comment; or a state alone. Also
  /// says whether a state or comment was given.
  private mutating func parseRule(
    _ combination: OpeningHoursRule.Combination
  ) throws(OpeningHoursError) -> (OpeningHoursRule, hasModifier: Bool) {
    var days = DaySelector()
    var times: [TimeSpan] = []
    var hasSelectors = true
    if accept("24/7") {
      // Every day, the whole day.
    } else if let selectors = try parseSelectors() {
      (days, times) = selectors
    } else {
      hasSelectors = false
    }
    let modifier = try parseModifier(afterSelectors: hasSelectors)
    if !hasSelectors && modifier == nil {
      throw failure("expected a rule such as Mo-Fr 09:00-18:00")
    }
    let state = modifier?.state ?? (modifier?.hasComment == true ? .unknown : .open)
    let rule = OpeningHoursRule(combination: combination, days: days, times: times, state: state)
    return (rule, modifier != nil)
  }

  /// A state (`open`, `closed`, `off`, `unknown`) with an optional comment, or a comment alone;
  /// after selectors it must follow a space. `nil` when there is none.
  private mutating func parseModifier(
    afterSelectors: Bool
  ) throws(OpeningHoursError) -> (state: RuleState?, hasComment: Bool)? {
    let start = position
    if afterSelectors {
      guard accept(" ") else { return nil }
    }
    var state: RuleState?
    if acceptWord("open") {
      state = .open
    } else if acceptWord("closed") || acceptWord("off") {
      state = .closed
    } else if acceptWord("unknown") {
      state = .unknown
    }
    if state != nil {
      guard peek(0) == " ", peek(1) == "\"" else { return (state, false) }
      position += 1
    }
    guard peek(0) == "\"" else {
      if state == nil { position = start }
      return state == nil ? nil : (state, false)
    }
    try parseComment()
    return (state, true)
  }

  /// A comment: text between double quotes, not empty.
  private mutating func parseComment() throws(OpeningHoursError) {
    let start = position
    position += 1
    while let scalar = peek(0), scalar != "\"" {
      position += 1
    }
    guard peek(0) == "\"" else {
      position = start
      throw failure("expected a closing \" after the comment")
    }
    guard position > start + 1 else { throw failure("expected text in the comment") }
    position += 1
  }
}
