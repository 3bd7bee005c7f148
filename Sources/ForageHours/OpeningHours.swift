import Foundation

/// A parsed OpenStreetMap `opening_hours` value, which answers whether a place is open at an
/// instant.
///
/// The evaluator covers what real data uses: weekdays and their ranges, time spans (also past
/// midnight, up to `48:00`), `;`, `, ` and ` || ` rules, `24/7`, the `open`, `closed`/`off` and
/// `unknown` states, comments, months and dates, years, ISO weeks, nth weekdays of the month,
/// `PH` and `SH`. It throws for what it cannot answer exactly: sunrise, sunset, dawn, dusk,
/// easter, open ends (`18:00+`), repeating times, holiday offsets, and texts the `opening-hours`
/// Rust crate would not read the same way.
///
/// Its answers match that crate's wherever it gives one. It answers `nil` where readings differ:
/// a comment without a state (`"by appointment"`), days without times before `, ` (`Sa, Su
/// 10:00-12:00` makes Saturday unknown rather than open all day), and the times outside a
/// normal rule that closes only part of a day (`Mo-Fr 09:00-17:00; Mo 12:00-13:00 off`: a lunch
/// break to the crate, the whole Monday to the specification's letter).
public struct OpeningHours: Sendable, Hashable {
  /// The text as given.
  public let text: String
  /// The rules, in order.
  let rules: [OpeningHoursRule]
  /// The kinds of holiday the rules select.
  let holidayKinds: [HolidayKind]

  /// Parses `text`.
  ///
  /// - Throws: ``OpeningHoursError`` when the text is malformed or uses a part this evaluator
  ///   does not support.
  public init(_ text: String) throws(OpeningHoursError) {
    var parser = OpeningHoursParser(text)
    self.text = text
    let rules = try parser.parseRules()
    self.rules = rules
    holidayKinds = HolidayKind.allCases.filter { kind in
      rules.contains { $0.days.holidays.contains(kind) }
    }
  }

  /// Whether the place is open at `instant`, read in `zone`'s local wall-clock time.
  ///
  /// - Parameters:
  ///   - instant: The instant asked about.
  ///   - zone: The place's time zone (its daylight-saving rules are the zone database's).
  ///   - publicHolidays: The place's public holidays; with ``PublicHolidays/unknown`` a `PH`
  ///     rule answers only when holiday or not gives the same answer. `SH` is always unknown.
  /// - Returns: `true` when open, `false` when closed, `nil` when the value does not say (an
  ///   `unknown` state, a comment without a state, an unknown holiday that matters, ...).
  public func state(
    at instant: Date,
    in zone: TimeZone,
    publicHolidays: PublicHolidays = .unknown
  ) -> Bool? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
    guard let year = parts.year, let month = parts.month, let day = parts.day,
      let hour = parts.hour, let minute = parts.minute
    else { return nil }
    let date = LocalDate(year: year, month: month, day: day)
    return state(on: date, atMinute: hour * 60 + minute, publicHolidays: publicHolidays)
  }

  /// The state when it is the same at every instant whatever the zone (`24/7` is `true`, `off`
  /// and `closed` are `false`); `nil` otherwise.
  public func stateAtAnyTime() -> Bool? {
    let isConstant = rules.allSatisfy { $0.days.selectsEveryDay && $0.times.isEmpty }
    guard isConstant else { return nil }
    let schedule = schedule(on: LocalDate(year: 2000, month: 1, day: 1)) { _, _ in false }
    guard let first = schedule.segments.first else { return false }
    guard schedule.segments.count == 1, first.minutes == 0..<TimeSpan.minutesPerDay else {
      return nil
    }
    return first.state.answer
  }
}

extension RuleState {
  /// `true` for open, `false` for closed, `nil` for unknown.
  var answer: Bool? {
    switch self {
    case .open: return true
    case .closed: return false
    case .unknown: return nil
    }
  }
}
