import ForageSupport
import Foundation

/// Parses the ISO 8601 timestamps track files use, without `DateFormatter` (which is slow).
public enum Timestamp {
  /// Parses `YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH:MM|±HHMM]` (a space may replace the `T`; no zone
  /// means UTC, as GPX requires).
  ///
  /// - Returns: The instant, or `nil` when the text is not such a timestamp.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    var start = 0
    var end = bytes.count
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    var index = start
    func number(_ width: Int) -> Int? {
      guard index + width <= end else { return nil }
      var value = 0
      for offset in 0..<width {
        let byte = bytes[index + offset]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      index += width
      return value
    }
    func expect(_ byte: UInt8) -> Bool {
      guard index < end, bytes[index] == byte else { return false }
      index += 1
      return true
    }
    var negativeYear = false
    if index < end, bytes[index] == UInt8(ascii: "-") {
      negativeYear = true
      index += 1
    }
    guard var year = number(4), expect(UInt8(ascii: "-")), let month = number(2),
      expect(UInt8(ascii: "-")), let day = number(2)
    else { return nil }
    if negativeYear { year = -year }
    guard index < end,
      bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: " ")
        || bytes[index] == UInt8(ascii: "t")
    else { return nil }
    index += 1
    guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2),
      expect(UInt8(ascii: ":")), let second = number(2)
    else { return nil }
    // A day the month has (2026-02-30 is no day), and 24:00:00 only as the end of a day.
    guard (1...12).contains(month),
      (1...GregorianCalendar.daysIn(month: month, year: year)).contains(day),
      hour < 24 || (hour == 24 && minute == 0 && second == 0), minute <= 59, second <= 60
    else { return nil }
    var fraction = 0.0
    if index < end, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
      index += 1
      var scale = 0.1
      var any = false
      while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39 {
        fraction += Double(bytes[index] - 0x30) * scale
        scale /= 10
        index += 1
        any = true
      }
      guard any else { return nil }
    }
    var offsetSeconds = 0
    if index < end {
      let sign = bytes[index]
      if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
        index += 1
      } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        index += 1
        guard let zoneHours = number(2), zoneHours <= 18 else { return nil }
        _ = expect(UInt8(ascii: ":"))
        let zoneMinutes = number(2) ?? 0
        guard zoneMinutes <= 59 else { return nil }
        offsetSeconds = (zoneHours * 3600 + zoneMinutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
      } else {
        return nil
      }
    }
    guard index == end else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
    return Date(checkedSecondsSince1970: Double(seconds) + fraction)
  }

  /// Parses a timestamp from a string.
  public static func parse(_ text: some StringProtocol) -> Date? {
    var copy = String(text)
    return copy.withUTF8 { parse($0) }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
