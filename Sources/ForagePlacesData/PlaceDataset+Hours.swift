import ForagePlace
import ForageSupport

extension PlaceDataset {
  /// A feature's opening hours: OpenStreetMap's `opening_hours` text (or a number, as text);
  /// else a week of periods, as Places API (New) writes them (`regularOpeningHours.periods` of
  /// `{"day", "hour", "minute"}` points, with `utcOffsetMinutes`) or as Google's legacy Place
  /// Details does (`opening_hours.periods` of `{"day", "time": "HHMM"}`, with
  /// `utc_offset_minutes`). Periods with a point that cannot be read make no hours at all: a
  /// week read in part would be wrong.
  static func openingHours(_ properties: JSONValue) -> PlaceHours? {
    switch properties["opening_hours"] {
    case .string(let text): return .openStreetMap(text)
    case .int(let number): return .openStreetMap(String(number))
    default: break
    }
    // An offset beyond ±18 hours is no offset.
    let offset = (whole(properties["utcOffsetMinutes"]) ?? whole(properties["utc_offset_minutes"]))
      .flatMap { abs($0) <= 18 * 60 ? $0 : nil }
    if let periods = properties["regularOpeningHours"]?["periods"]?.array {
      return week(periods, offset: offset) { point in
        guard let day = whole(point["day"]), let hour = whole(point["hour"]) else { return nil }
        return WeekTime(day: day, hour: hour, minute: whole(point["minute"]) ?? 0)
      }
    }
    if let periods = properties["opening_hours"]?["periods"]?.array {
      return week(periods, offset: offset) { point in
        guard let day = whole(point["day"]), let time = point["time"]?.string, time.count == 4,
          time.allSatisfy(\.isASCII), let hour = Int(time.prefix(2)),
          let minute = Int(time.suffix(2))
        else { return nil }
        return WeekTime(day: day, hour: hour, minute: minute)
      }
    }
    return nil
  }

  /// The periods read with `read`, or `nil` when there are none or one cannot be read.
  private static func week(
    _ periods: [JSONValue],
    offset: Int?,
    read: (JSONValue) -> WeekTime?
  ) -> PlaceHours? {
    var week: [WeeklyPeriod] = []
    for period in periods {
      guard let openPoint = period["open"], let open = read(openPoint) else { return nil }
      var close: WeekTime?
      if let closePoint = period["close"], closePoint != .null {
        guard let time = read(closePoint) else { return nil }
        close = time
      }
      week.append(WeeklyPeriod(open: open, close: close))
    }
    return week.isEmpty ? nil : .weekly(WeeklyHours(periods: week, utcOffsetMinutes: offset))
  }

  /// A whole number, or `nil`.
  private static func whole(_ value: JSONValue?) -> Int? {
    guard let number = value?.number, number == number.rounded(), abs(number) < 1e6 else {
      return nil
    }
    return Int(number)
  }
}
