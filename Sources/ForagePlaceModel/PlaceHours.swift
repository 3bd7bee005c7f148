/// A place's opening hours as its source gave them: held as data, read by `ForageHours`.
///
/// Hours say when a place is open in its own local time; whether it is open at a given instant
/// is decided where a fix's time and a time zone are known, never inside the place value.
public enum PlaceHours: Sendable, Hashable {
  /// An OpenStreetMap `opening_hours` value, exactly as written (`Mo-Fr 10:00-19:00; Sa 10:00-18:00`).
  case openStreetMap(String)
  /// A regular week of opening periods, as Places API (New) gives them in `regularOpeningHours`.
  case weekly(WeeklyHours)
  /// Hours the source gave that cannot be read, and why (a period with an hour of 25, an offset
  /// of 100 000 minutes): `open_at_fix` is then unknown, and counted as unreadable.
  case unreadable(String)

  /// A week of periods as a source gave it, or why it cannot be read: every period needs an
  /// open time, a close time other than its open time (a period that never closes is Google's
  /// "always open", opening Sunday 00:00, and nothing else), and the offset at most ±18 hours.
  ///
  /// - Parameters:
  ///   - periods: The periods, `nil` for one that could not be read at all.
  ///   - utcOffsetMinutes: The offset, when the source gave one.
  public static func week(_ periods: [WeeklyPeriod?], utcOffsetMinutes: Int?) -> PlaceHours {
    var week: [WeeklyPeriod] = []
    for (index, period) in periods.enumerated() {
      guard let period else {
        return .unreadable("period \(index + 1) is not a day 0–6, an hour 0–24 and a minute 0–59")
      }
      if let close = period.close, close == period.open {
        return .unreadable("period \(index + 1) closes when it opens")
      }
      if period.close == nil, period.open.minuteOfWeek != 0 {
        return .unreadable("period \(index + 1) never closes but does not open Sunday 00:00")
      }
      week.append(period)
    }
    if let utcOffsetMinutes, abs(utcOffsetMinutes) > 18 * 60 {
      return .unreadable("the UTC offset \(utcOffsetMinutes) minutes is more than 18 hours")
    }
    return .weekly(WeeklyHours(periods: week, utcOffsetMinutes: utcOffsetMinutes))
  }
}

/// A regular week of opening periods with the place's offset from UTC, when the source gave one
/// (Places API (New)'s `regularOpeningHours.periods` and `utcOffsetMinutes`).
public struct WeeklyHours: Sendable, Hashable {
  /// The periods the place is open, each from an opening to a closing time of the week.
  public var periods: [WeeklyPeriod]
  /// The place's offset from UTC in minutes when the source gave it (`utcOffsetMinutes`): local
  /// time is then UTC plus this offset, whatever a time zone option says.
  public var utcOffsetMinutes: Int?

  /// Creates a week of periods.
  public init(periods: [WeeklyPeriod], utcOffsetMinutes: Int? = nil) {
    self.periods = periods
    self.utcOffsetMinutes = utcOffsetMinutes
  }
}

/// One period a place is open: from `open` to `close`, both times of the week in local time.
public struct WeeklyPeriod: Sendable, Hashable {
  /// When the period starts.
  public var open: WeekTime
  /// When the period ends, or `nil` for a place that never closes (Google writes "always open"
  /// as one period opening Sunday 00:00 with no close).
  public var close: WeekTime?

  /// Creates a period.
  public init(open: WeekTime, close: WeekTime?) {
    self.open = open
    self.close = close
  }
}

/// A time of the week in local time: a day (0 = Sunday … 6 = Saturday, as Google counts), an hour
/// (0–23, or 24 with minute 0 for the end of the day) and a minute (0–59).
public struct WeekTime: Sendable, Hashable {
  /// The day, 0 = Sunday … 6 = Saturday.
  public var day: Int
  /// The hour, 0–24.
  public var hour: Int
  /// The minute, 0–59.
  public var minute: Int

  /// Creates a time of the week, or `nil` when a part is out of range.
  public init?(day: Int, hour: Int, minute: Int) {
    guard (0...6).contains(day), (0...24).contains(hour), (0...59).contains(minute),
      hour < 24 || minute == 0
    else { return nil }
    self.day = day
    self.hour = hour
    self.minute = minute
  }

  /// Minutes since Sunday 00:00, 0 ..< 10 080 (Saturday 24:00 is 10 080).
  public var minuteOfWeek: Int { (day * 24 + hour) * 60 + minute }
}
