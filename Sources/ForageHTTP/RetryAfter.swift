import Foundation

/// Reading the `Retry-After` response header (RFC 9110 §10.2.3).
enum RetryAfter {
  /// How long the header asks to wait: delta seconds, or an HTTP-date relative to `now`.
  ///
  /// A date in the past means zero; an unreadable value means `nil`.
  static func delay(_ value: String, now: Date) -> Duration? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Int(trimmed) {
      return seconds >= 0 ? .seconds(seconds) : nil
    }
    guard let date = parseHTTPDate(trimmed) else { return nil }
    let interval = date.timeIntervalSince(now)
    return interval > 0 ? .milliseconds(Int((interval * 1000).rounded(.up))) : .zero
  }

  /// Parses the three HTTP-date forms: IMF-fixdate, RFC 850 and asctime.
  static func parseHTTPDate(_ text: String) -> Date? {
    var text = text
    while text.contains("  ") { text = text.replacingOccurrences(of: "  ", with: " ") }
    for format in [
      "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy",
    ] {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }
}
