import ForageHours
import Foundation

/// The values and instants the oracle test compares on: the bundled Helsinki values plus values
/// built from every piece of the grammar, including hostile ones.
enum OracleCases {
  /// The zones the instants are read in.
  static let zones = ["Europe/Helsinki", "America/New_York"]

  /// The years whose Finnish public holidays the oracle lists.
  static let holidayYears = [2025, 2026, 2027, 2028]

  /// The bundled `opening_hours` values (OpenStreetMap contributors, ODbL), in file order.
  static func bundledValues() throws -> [String] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("helsinki-opening-hours.json")
    let fixture = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    return fixture.values
  }

  /// The fixture file's layout.
  private struct Fixture: Decodable {
    var values: [String]
  }

  /// Rule pieces combined by ``generatedValues()``.
  static let weekdays = [
    "Mo", "Mo-Fr", "Sa-Su", "Fr-Mo", "Mo,We", "Tu-Th", "Su[1]", "Fr[-1]", "Mo[1,3]", "We[2-4]",
    "PH", "SH", "Mo-Fr,PH", "PH,Sa", "mo-fr", "Sa,Su",
  ]
  static let times = [
    "09:00-12:00", "09:00-12:00,13:00-18:00", "18:00-03:00", "22:00-26:00", "10:00-24:00",
    "00:00-24:00", "7:00-18:00", "23:00-00:00", "12:00-10:00", "00:00-01:00", "20:00-48:00",
    "11:00 - 14:00",
  ]
  static let wideSelectors = [
    "Jan-Mar", "Dec", "Dec 24", "Dec 24-26", "May 01-Sep 30", "Nov-Jan", "Dec 24-Jan 02", "2026",
    "2025-2026", "2027+", "week 01-10", "week 01-53/2", "week 53", "week 01", "2026 Dec",
    "Mar 29", "Oct 25-Nov 02", "Feb 29", "Oct,Dec", "Dec 31", "week 13-44/3",
  ]
  static let modifiers = [
    "", " off", " closed", " open", " unknown", " \"note\"", " open \"note\"",
  ]
  static let sampleRules = [
    "Mo-Fr 09:00-17:00", "Sa 10:00-14:00", "Mo 12:00-13:00 off", "PH off", "Fr-Sa 20:00-04:00",
    "24/7", "off", "Su off", "Dec 24-26 off", "week 01-53/2 Mo 10:00-12:00", "SH 10:00-12:00",
    "Mo-Su 11:00-02:00", "We unknown", "\"by appointment\"", "Jan-Mar Sa 09:00-12:00",
  ]
  static let separators = ["; ", ";", ", ", " || "]

  /// Hostile and malformed values.
  static let hostileValues: [String] = [
    "", " ", ";", "; ", ",", "||", " || ", "Mo-", "-Fr", "25:00", "24:00-24:00", "24:00-26:00",
    "\u{661}\u{660}:00-12:00", "Mo 1\u{660}:00-12:00", "Mo-Fr 10:00-18:00\u{0}", "\u{0}",
    "Mo-Fr 16:00-", "Mo-Fr 16:00+", "sunrise-sunset", "Mo 10:00-sunset", "(sunrise+01:00)-18:00",
    "easter", "easter off", "Mo 10:00-12:00 ||", "\"", "\"\"", "Mo \"\"", "Mo[0]", "Mo[6]",
    "Mo[-6]", "Mo[1", "week 00", "week 54", "week 5", "Feb 30", "Dec 32", "Dec 0", "1899",
    "10000", "Mo-Fr 08:00-19:00 Sa 09:00-19:00", "Su-Th 15-00", "24/7 24/7", "Mo 10:00-12:00;;Tu",
    "\t", "\n", "Mo\t10:00-12:00", "Mo-Fr 10:00-12:00\n", "🕘", "Ｍｏ 10:00-12:00",
    "Mo 10:00-12:00 \"unterminated", "Mo 10:60-12:00", "Mo 9:5-10:00", "Mo 10:00 - 12:00",
    "Jan 01-Jan 01", "Dec 24 +Mo", "PH +1 day", "PH -1 day off", "Mo-Fr 10:00-12:00, 14:00-16:00",
    "Sa, Su 10:00-12:00", "2026Nov Mo 10:00-12:00", "Mo off || Mo 10:00-12:00",
    "Mo 10:00-12:00 off || Tu 10:00-12:00", "Mo 10:00-10:00", "Mo 00:00-00:00", "Mo 10:00-48:01",
    "Mo 10:00-12:00/30", "Mo 10:00-12:00/01:00", "Mo 10:00", "Mo-Fr 10:00-12:00;", "Mo-Fr  09:00",
    " Mo 10:00-12:00", "Mo 10:00-12:00 ", "MO-FR 10:00-12:00 OFF", "ph off", "Week 01",
    "jan-mar 10:00-12:00", "2026-2025", "week 10-01", "Mo-Fr 10:00-12:00 open \"a\" off",
    "Mo,", "Mo-Fr,", "Dec 24-", "Dec-", "2026-", "24/", "24/7 off; Mo 10:00-12:00", "Nov: Mo",
    "Nov:Mo 10:00-12:00", "Nov 23: 10:00-12:00", "Nov23 10:00-12:00", "Nov 3 10:00-12:00",
    "Nov 20 - 25", "Nov 20 - Dec 25", "Dec 20-Jan 05 Mo 10:00-12:00", "2026 Dec 20-Jan 05",
    "Mo 22:00-02:00 off", "Mo 10:00-12:00; Tu 20:00-02:00 off", "10:00-12:00", "off; Mo open",
    "Mo 10:00-12:00 open; \"call\"", "closed \"renovation\"", "unknown \"x\"", "Mo-Su",
    "Mo-Su 08:00-18:00; Su off || PH 10:00-12:00",
    String(repeating: "Mo 10:00-11:00; ", count: 200) + "Tu 10:00-11:00",
    "Mo "
      + (0..<300).map { minute in "\(timeText(minute * 4))-\(timeText(minute * 4 + 2))" }
      .joined(separator: ","),
    String(repeating: "Mo,", count: 500) + "Tu 10:00-12:00",
    String(repeating: "(", count: 1000),
    String(repeating: "\"", count: 999),
  ]

  /// `HH:MM` for `minutes` after midnight.
  static func timeText(_ minutes: Int) -> String {
    let hour = minutes / 60
    let minute = minutes % 60
    return (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + (minute < 10 ? "0\(minute)" : "\(minute)")
  }

  /// Values built from the grammar's pieces: weekdays with times, wide selectors with weekdays
  /// and times, modifiers, and pairs of rules joined by every separator.
  static func generatedValues() -> [String] {
    var values: [String] = []
    for weekday in weekdays {
      for time in times {
        values.append("\(weekday) \(time)")
      }
      values.append(weekday)
    }
    for wide in wideSelectors {
      values.append(wide)
      values.append("\(wide) Mo-Fr 09:00-18:00")
      values.append("\(wide) Sa 18:00-03:00")
      values.append("\(wide): Su,PH 10:00-14:00")
      values.append("\(wide) off")
    }
    for modifier in modifiers {
      values.append("Mo-Fr 09:00-18:00\(modifier)")
      values.append("Sa\(modifier)")
      values.append("24/7\(modifier)")
      values.append("Fr 22:00-02:00\(modifier)")
      if !modifier.isEmpty { values.append(String(modifier.dropFirst())) }
    }
    for first in sampleRules {
      for separator in separators {
        for second in sampleRules where second != first {
          values.append(first + separator + second)
        }
      }
    }
    return values + hostileValues + randomValues(count: 400, seed: 42)
      + randomReadableValues(count: 400, seed: 99)
  }

  /// `count` values of two to four random rules, each made of random pieces, joined by random
  /// separators; the same for the same seed.
  static func randomValues(count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(state: seed)
    var values: [String] = []
    for _ in 0..<count {
      var value = ""
      for index in 0..<(2 + random.below(3)) {
        if index > 0 { value += separators[random.below(separators.count)] }
        var parts: [String] = []
        if random.below(4) == 0 { parts.append(wideSelectors[random.below(wideSelectors.count)]) }
        if random.below(4) != 0 { parts.append(weekdays[random.below(weekdays.count)]) }
        if random.below(3) != 0 { parts.append(times[random.below(times.count)]) }
        if parts.isEmpty { parts.append("24/7") }
        value += parts.joined(separator: " ") + modifiers[random.below(modifiers.count)]
      }
      values.append(value)
    }
    return values
  }

  /// The instants compared: every hour across two weeks that include both Helsinki DST changes,
  /// and local 23:59, 00:00 and 00:01 in both zones around month ends, the year end, week 53,
  /// holidays and the DST changes.
  static func instants() -> [Date] {
    var instants: Set<Date> = []
    let hour = 3600.0
    for (start, days) in [("2026-03-23T00:00:00Z", 8), ("2026-10-20T00:00:00Z", 7)] {
      if let first = ISO8601DateFormatter().date(from: start) {
        for step in 0..<(days * 24) {
          instants.insert(first.addingTimeInterval(Double(step) * hour))
        }
      }
    }
    let days: [(Int, Int, Int)] = [
      (2026, 1, 1), (2026, 1, 31), (2026, 2, 1), (2026, 2, 28), (2026, 3, 1), (2026, 3, 28),
      (2026, 3, 29), (2026, 3, 30), (2026, 4, 30), (2026, 5, 1), (2026, 6, 19), (2026, 6, 20),
      (2026, 9, 30), (2026, 10, 1), (2026, 10, 24), (2026, 10, 25), (2026, 10, 26),
      (2026, 11, 1), (2026, 12, 6), (2026, 12, 24), (2026, 12, 25), (2026, 12, 26),
      (2026, 12, 27), (2026, 12, 28), (2026, 12, 31), (2027, 1, 1), (2027, 1, 2), (2027, 1, 3),
      (2027, 1, 4), (2025, 12, 28), (2025, 12, 29), (2028, 2, 29), (2028, 3, 1), (2027, 3, 1),
    ]
    for zoneName in zones {
      guard let zone = TimeZone(identifier: zoneName) else { continue }
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      for (year, month, day) in days {
        let parts = DateComponents(year: year, month: month, day: day)
        guard let midnight = calendar.date(from: parts) else { continue }
        for offset in [-60.0, 0, 60, 13 * hour] {
          instants.insert(midnight.addingTimeInterval(offset))
        }
      }
    }
    return instants.sorted()
  }

  /// Pieces of values and separators, glued at random by ``randomReadableValues(count:seed:)``.
  static let gluePieces = [
    "Mo", "Tu", "We", "Th", "Fr", "Sa", "Su", "PH", "SH", "Jan", "Dec", "week", "2026", "24/7",
    "off", "open", "closed", "unknown", "0", "1", "2", "4", "9", "00", "12", "10:00", "23:30",
    "03:00", "24", "48", ":", "-", ",", ";", " ", " || ", "/", "+", "[", "]", "\"", "mo", "OFF",
    "nov", "05", "53", "[1]", "[-1]", ", ", "; ",
  ]

  /// `count` texts glued at random from ``gluePieces`` that the evaluator reads: strange but
  /// accepted values, to catch anything it accepts that the oracle reads differently.
  static func randomReadableValues(count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(state: seed)
    var values: [String] = []
    while values.count < count {
      var text = ""
      for _ in 0..<(1 + random.below(12)) {
        text += gluePieces[random.below(gluePieces.count)]
      }
      if (try? OpeningHours(text)) != nil { values.append(text) }
    }
    return values
  }
}
