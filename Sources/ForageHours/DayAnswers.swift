/// The schedules of one local day under every possible answer to the holiday questions the
/// caller cannot answer; a state is known only where they all agree.
struct DayAnswers: Sendable, Hashable {
  /// One schedule per combination of holiday answers (one when there is no question).
  var schedules: [DaySchedule]

  /// `true` when open, `false` when closed, `nil` when unknown or when the holiday answers give
  /// different states at `minute` after midnight.
  func state(atMinute minute: Int) -> Bool? {
    guard let first = schedules.first?.state(atMinute: minute) else { return nil }
    for schedule in schedules.dropFirst() where schedule.state(atMinute: minute) != first {
      return nil
    }
    return first.answer
  }
}
