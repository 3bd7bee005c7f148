/// Opening hours as one JSON object, as the places cache file keeps them: `{"osm": TEXT}`,
/// `{"weekly": {"periods": [{"open": {"day", "hour", "minute"}, "close": …}],
/// "utc_offset_minutes": N}}` or `{"unreadable": WHY}`.
///
/// Reading refuses a time of the week out of range.
extension PlaceHours: Codable {
  enum CodingKeys: String, CodingKey {
    case osm
    case weekly
    case unreadable
  }

  enum WeeklyKeys: String, CodingKey {
    case periods
    case utcOffsetMinutes = "utc_offset_minutes"
  }

  enum PeriodKeys: String, CodingKey {
    case open
    case close
  }

  enum TimeKeys: String, CodingKey {
    case day
    case hour
    case minute
  }

  /// Reads hours.
  ///
  /// - Throws: `DecodingError` naming the member that is missing or out of range.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let text = try container.decodeIfPresent(String.self, forKey: .osm) {
      self = .openStreetMap(text)
      return
    }
    if let why = try container.decodeIfPresent(String.self, forKey: .unreadable) {
      self = .unreadable(why)
      return
    }
    let week = try container.nestedContainer(keyedBy: WeeklyKeys.self, forKey: .weekly)
    var list = try week.nestedUnkeyedContainer(forKey: .periods)
    var periods: [WeeklyPeriod] = []
    while !list.isAtEnd {
      let period = try list.nestedContainer(keyedBy: PeriodKeys.self)
      let open = try Self.decodeTime(period, forKey: .open)
      // A missing or null close is a place that never closes.
      var close: WeekTime?
      if period.contains(.close), try !period.decodeNil(forKey: .close) {
        close = try Self.decodeTime(period, forKey: .close)
      }
      periods.append(WeeklyPeriod(open: open, close: close))
    }
    self = .weekly(
      WeeklyHours(
        periods: periods,
        utcOffsetMinutes: try week.decodeIfPresent(Int.self, forKey: .utcOffsetMinutes)
      )
    )
  }

  private static func decodeTime(
    _ period: KeyedDecodingContainer<PeriodKeys>,
    forKey key: PeriodKeys
  ) throws -> WeekTime {
    let time = try period.nestedContainer(keyedBy: TimeKeys.self, forKey: key)
    guard
      let value = WeekTime(
        day: try time.decode(Int.self, forKey: .day),
        hour: try time.decode(Int.self, forKey: .hour),
        minute: try time.decode(Int.self, forKey: .minute)
      )
    else {
      throw DecodingError.dataCorruptedError(
        forKey: key,
        in: period,
        debugDescription: "a day 0–6, an hour 0–24 and a minute 0–59"
      )
    }
    return value
  }

  /// Writes hours.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .openStreetMap(let text):
      try container.encode(text, forKey: .osm)
    case .weekly(let hours):
      var week = container.nestedContainer(keyedBy: WeeklyKeys.self, forKey: .weekly)
      var list = week.nestedUnkeyedContainer(forKey: .periods)
      for period in hours.periods {
        var object = list.nestedContainer(keyedBy: PeriodKeys.self)
        try Self.encode(period.open, in: &object, forKey: .open)
        if let close = period.close {
          try Self.encode(close, in: &object, forKey: .close)
        } else {
          try object.encodeNil(forKey: .close)
        }
      }
      try week.encodeIfPresent(hours.utcOffsetMinutes, forKey: .utcOffsetMinutes)
    case .unreadable(let why):
      try container.encode(why, forKey: .unreadable)
    }
  }

  private static func encode(
    _ time: WeekTime,
    in period: inout KeyedEncodingContainer<PeriodKeys>,
    forKey key: PeriodKeys
  ) throws {
    var object = period.nestedContainer(keyedBy: TimeKeys.self, forKey: key)
    try object.encode(time.day, forKey: .day)
    try object.encode(time.hour, forKey: .hour)
    try object.encode(time.minute, forKey: .minute)
  }
}
