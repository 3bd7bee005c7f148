import ForageSupport
import Foundation

/// ISO 8601 UTC timestamps, with milliseconds only when the time has a fraction of a second,
/// always in the years 1 to 9999.
public enum ISO8601 {
  /// Formats a date as `2026-06-12T11:30:00Z` or `2026-06-12T11:30:00.250Z`.
  public static func format(_ date: Date) -> String {
    var output = JSONOutput(capacity: 24)
    write(date, to: &output)
    return output.text
  }

  /// Writes the text of ``format(_:)`` (without quotes) into a JSON buffer.
  public static func write(_ date: Date, to output: inout JSONOutput) {
    // Rounding the last instant before 10000-01-01 would write year 10000: times stay within
    // the years 1 to 9999 that forage reads back.
    let milliseconds = min(
      Int64((date.clampedToRepresentable.timeIntervalSince1970 * 1000).rounded(.toNearestOrEven)),
      253_402_300_799_999
    )
    let seconds = Int64((Double(milliseconds) / 1000).rounded(.down))
    let fraction = Int(milliseconds - seconds * 1000)
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    output.writeInt(Int(parts.tm_year) + 1900, width: 4)
    output.append(UInt8(ascii: "-"))
    output.writeInt(Int(parts.tm_mon) + 1, width: 2)
    output.append(UInt8(ascii: "-"))
    output.writeInt(Int(parts.tm_mday), width: 2)
    output.append(UInt8(ascii: "T"))
    output.writeInt(Int(parts.tm_hour), width: 2)
    output.append(UInt8(ascii: ":"))
    output.writeInt(Int(parts.tm_min), width: 2)
    output.append(UInt8(ascii: ":"))
    output.writeInt(Int(parts.tm_sec), width: 2)
    if fraction != 0 {
      output.append(UInt8(ascii: "."))
      output.writeInt(fraction, width: 3)
    }
    output.append(UInt8(ascii: "Z"))
  }
}
