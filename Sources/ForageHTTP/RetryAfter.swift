import ForageSupport
import Foundation

/// The `Retry-After` response header (RFC 9110 §10.2.3): the one reader and writer of it.
public enum RetryAfter {
  /// The longest wait read from a header: a day.
  public static let longestDelay = Duration.seconds(86_400)

  /// How long a header value asks to wait: delta seconds, or an HTTP-date relative to `now`.
  ///
  /// Fractional seconds are accepted; a date in the past means zero; anything longer than
  /// ``longestDelay`` is cut to it; an unreadable or negative value means `nil`.
  ///
  /// - Parameters:
  ///   - value: The header's value.
  ///   - now: The current date, injected so tests and virtual replays control it.
  /// - Returns: The wait, rounded up to whole milliseconds, or `nil`.
  public static func delay(_ value: String, now: Date) -> Duration? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    let seconds: Double
    if let delta = Double(trimmed), trimmed.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) {
      guard delta >= 0, delta.isFinite else { return nil }
      seconds = delta
    } else if let date = parseHTTPDate(trimmed) {
      seconds = max(0, date.timeIntervalSince(now))
    } else {
      return nil
    }
    let milliseconds = (min(seconds, longestDelay.seconds) * 1000).rounded(.up)
    return .milliseconds(Int64(milliseconds))
  }

  /// The header value for a date, in the preferred IMF-fixdate form
  /// (`Sun, 06 Nov 1994 08:49:37 GMT`).
  public static func httpDate(_ date: Date) -> String {
    formatter("EEE, dd MMM yyyy HH:mm:ss 'GMT'").string(from: date)
  }

  /// Parses the three HTTP-date forms: IMF-fixdate, RFC 850 and asctime.
  static func parseHTTPDate(_ text: String) -> Date? {
    var text = text
    while text.contains("  ") { text = text.replacingOccurrences(of: "  ", with: " ") }
    for format in [
      "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy",
    ] {
      if let date = formatter(format).date(from: text) { return date }
    }
    return nil
  }

  private static func formatter(_ format: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = format
    return formatter
  }
}
