/// A span of wall-clock time on a day, in minutes after midnight; it may run past midnight into the
/// next day (`18:00-03:00` is 1080..<1620).
struct TimeSpan: Sendable, Hashable {
  /// The first minute, 0 through 1439.
  var start: Int
  /// The minute after the last, greater than `start`, at most 2880 (48:00).
  var end: Int

  /// Minutes in a day.
  static let minutesPerDay = 1440

  /// Creates a span from the times as written; an end at or before the start runs into the next
  /// day (`22:00-02:00`, `18:00-00:00`).
  init(start: Int, writtenEnd: Int) {
    self.start = start
    self.end = writtenEnd <= start ? writtenEnd + TimeSpan.minutesPerDay : writtenEnd
  }

  /// The part of the span on its own day.
  var sameDayPart: Range<Int> { start..<min(end, TimeSpan.minutesPerDay) }

  /// The part of the span that runs into the next day, in that day's minutes (may be empty).
  var nextDayPart: Range<Int> { 0..<max(0, end - TimeSpan.minutesPerDay) }
}
