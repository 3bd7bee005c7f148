import Foundation

/// Instants from local wall-clock readings, for tests that state times as people write them.
enum LocalClock {
  /// Helsinki, where the bundled places are.
  static let helsinki = TimeZone(identifier: "Europe/Helsinki") ?? .gmt

  /// The instant `text` (`YYYY-MM-DD HH:MM`) names in `zone`; the Unix epoch when malformed,
  /// which no test expects.
  static func instant(_ text: String, in zone: TimeZone = helsinki) -> Date {
    let numbers = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" })
      .compactMap { Int($0) }
    guard numbers.count == 5 else { return Date(timeIntervalSince1970: 0) }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = DateComponents(
      year: numbers[0],
      month: numbers[1],
      day: numbers[2],
      hour: numbers[3],
      minute: numbers[4]
    )
    return calendar.date(from: parts) ?? Date(timeIntervalSince1970: 0)
  }
}
