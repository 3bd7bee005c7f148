import ForagePlaceModel
import Foundation

extension WeeklyHours {
  /// Whether the place is open at `instant`: in local time from the place's own UTC offset when
  /// the source gave one, else in `zone`; `nil` with neither.
  ///
  /// A period whose close is before its open (or equal to it) runs over the end of the week; one
  /// with no close never closes.
  public func state(at instant: Date, zone: TimeZone?) -> Bool? {
    let local: TimeZone?
    if let utcOffsetMinutes {
      local = TimeZone(secondsFromGMT: utcOffsetMinutes * 60)
    } else {
      local = zone
    }
    guard let local else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = local
    let parts = calendar.dateComponents([.weekday, .hour, .minute], from: instant)
    guard let weekday = parts.weekday, let hour = parts.hour, let minute = parts.minute else {
      return nil
    }
    // Foundation counts Sunday as 1, Google as 0.
    let now = ((weekday - 1) * 24 + hour) * 60 + minute
    return periods.contains { period in
      guard let close = period.close else { return true }
      let open = period.open.minuteOfWeek
      let end = close.minuteOfWeek
      return end > open ? (open..<end).contains(now) : now >= open || now < end
    }
  }
}
