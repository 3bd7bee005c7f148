import Foundation

/// ISO 8601 UTC timestamps, with milliseconds only when the time has a fraction of a second.
public enum ISO8601 {
  /// Formats a date as `2026-06-12T11:30:00Z` or `2026-06-12T11:30:00.250Z`.
  public static func format(_ date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.toNearestOrEven))
    let seconds = Int64((Double(milliseconds) / 1000).rounded(.down))
    let fraction = Int(milliseconds - seconds * 1000)
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    var text =
      "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))"
      + "T\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2))"
    if fraction != 0 { text += "." + pad(fraction, 3) }
    return text + "Z"
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
