import ForagePlaceModel
import ForageSupport

extension PlaceDataset {
  /// A feature's opening hours: a week of periods as Places API (New) writes them
  /// (`regularOpeningHours.periods` of `{"day", "hour", "minute"}` points, with
  /// `utcOffsetMinutes`); else OpenStreetMap's `opening_hours` text (or a number, as text);
  /// else a week of periods as Google's legacy Place Details writes them
  /// (`opening_hours.periods` of `{"day", "time": "HHMM"}`, with `utc_offset_minutes`). Periods with a point that cannot be read, or an offset that is not
  /// whole minutes, make the hours unreadable (``ForagePlaceModel/PlaceHours/unreadable(_:)``): a week
  /// read in part would be wrong.
  static func openingHours(_ properties: JSONValue) -> PlaceHours? {
    let regular = properties["regularOpeningHours"].flatMap { $0 == .null ? nil : $0 }
    // A week of periods carries its UTC offset, and wins over OpenStreetMap's text, which is
    // kept as a tag (`opening_hours`) for the mock's Overpass.
    if regular == nil {
      switch properties["opening_hours"] {
      case .string(let text): return .openStreetMap(text)
      case .int(let number): return .openStreetMap(String(number))
      default: break
      }
    }
    let legacy = properties["opening_hours"]?["periods"].flatMap { $0 == .null ? nil : $0 }
    guard let given = regular ?? legacy else { return nil }
    guard let periods = given["periods"]?.array ?? given.array else {
      return .unreadable("the periods are not a list")
    }
    let offsetValue = [properties["utcOffsetMinutes"], properties["utc_offset_minutes"]]
      .compactMap { $0 }.first { $0 != .null }
    let offset = offsetValue.flatMap(whole)
    if offsetValue != nil, offset == nil {
      return .unreadable("the UTC offset is not whole minutes")
    }
    if regular != nil {
      return week(periods, offset: offset) { point in
        guard let day = whole(point["day"]), let hour = whole(point["hour"]) else { return nil }
        return WeekTime(day: day, hour: hour, minute: whole(point["minute"]) ?? 0)
      }
    }
    return week(periods, offset: offset) { point in
      guard let day = whole(point["day"]), let time = point["time"]?.string, time.count == 4,
        time.allSatisfy(\.isASCII), let hour = Int(time.prefix(2)),
        let minute = Int(time.suffix(2))
      else { return nil }
      return WeekTime(day: day, hour: hour, minute: minute)
    }
  }

  /// The periods read with `read` (``ForagePlaceModel/PlaceHours/week(_:utcOffsetMinutes:)``), or
  /// `nil` when there are none.
  private static func week(
    _ periods: [JSONValue],
    offset: Int?,
    read: (JSONValue) -> WeekTime?
  ) -> PlaceHours? {
    guard !periods.isEmpty else { return nil }
    let week = periods.map { period -> WeeklyPeriod? in
      guard let openPoint = period["open"], let open = read(openPoint) else { return nil }
      guard let closePoint = period["close"], closePoint != .null else {
        return WeeklyPeriod(open: open, close: nil)
      }
      return read(closePoint).map { WeeklyPeriod(open: open, close: $0) }
    }
    return PlaceHours.week(week, utcOffsetMinutes: offset)
  }

  /// A whole number, or `nil`.
  private static func whole(_ value: JSONValue?) -> Int? {
    guard let number = value?.number, number == number.rounded(), abs(number) < 1e6 else {
      return nil
    }
    return Int(number)
  }

  /// Whether a feature gives its hours as Places API (New) writes them (``openingHours(_:)``).
  static func hasRegularOpeningHours(_ properties: JSONValue) -> Bool {
    properties["regularOpeningHours"].map { $0 != .null } ?? false
  }
}
