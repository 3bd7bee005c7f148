/// Reading time selectors: `09:00-12:00,13:00-18:00`, `18:00-03:00`, `22:00-26:00`.
extension OpeningHoursParser {
  /// Time spans separated by `,` or `, `.
  mutating func parseTimes() throws(OpeningHoursError) -> [TimeSpan] {
    var spans: [TimeSpan] = []
    while true {
      spans.append(try parseTimeSpan())
      if peek(0) == ",", isTimeNext(at: 1) {
        position += 1
      } else if isNext(", "), isTimeNext(at: 2) {
        position += 2
      } else {
        return spans
      }
    }
  }

  /// One span: a start, a dash (optionally between spaces) and an end.
  private mutating func parseTimeSpan() throws(OpeningHoursError) -> TimeSpan {
    let start = try parseTime(latest: 23 * 60 + 59)
    if peek(0) == "+" { throw failure("open ends such as 18:00+ are not supported") }
    if peek(0) == " ", peek(1) == "-" { position += 1 }
    guard accept("-") else { throw failure("expected - and a closing time such as 18:00") }
    _ = accept(" ")
    let startOfEnd = position
    let end = try parseTime(latest: 48 * 60)
    if peek(0) == "+" { throw failure("open ends such as 18:00+ are not supported") }
    if peek(0) == "/" { throw failure("repeating times are not supported") }
    guard end != start else {
      position = startOfEnd
      throw failure("expected a closing time other than the opening time")
    }
    return TimeSpan(start: start, writtenEnd: end)
  }

  /// A time `H:MM` or `HH:MM`, in minutes after midnight, at most `latest`.
  private mutating func parseTime(latest: Int) throws(OpeningHoursError) -> Int {
    if isNextWord("sunrise") || isNextWord("sunset") || isNextWord("dawn") || isNextWord("dusk")
      || peek(0) == "("
    {
      throw failure("sunrise, sunset, dawn and dusk are not supported")
    }
    let begin = position
    let hourDigits = digitCount()
    guard hourDigits == 1 || hourDigits == 2, peek(hourDigits) == ":",
      digitCount(at: hourDigits + 1) == 2
    else { throw failure("expected a time such as 09:00") }
    let hour = readDigits(hourDigits)
    position += 1
    let minute = readDigits(2)
    guard minute < 60, hour * 60 + minute <= latest else {
      position = begin
      let limit = latest == 48 * 60 ? "48:00" : "23:59"
      throw failure("expected a time no later than \(limit)")
    }
    return hour * 60 + minute
  }
}
