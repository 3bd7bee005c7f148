/// How many places a run could not tell open or closed, by reason: a warning where an option
/// would tell them, and a line for the log.
public struct HoursTally: Sendable, Equatable {
  /// Distinct places by reason; a place undecided for two reasons (no fix time, then a
  /// holiday) counts under each.
  public var counts: [UnknownHoursReason: Int]
  /// How many distinct places were undecided for any reason.
  public var total: Int
  /// The first hours that could not be read and why, to show the user one example.
  public var firstUnreadable: UnreadableExample?

  /// Creates a tally.
  public init(
    counts: [UnknownHoursReason: Int] = [:],
    total: Int = 0,
    firstUnreadable: UnreadableExample? = nil
  ) {
    self.counts = counts.filter { $0.value > 0 }
    self.total = total
    self.firstUnreadable = firstUnreadable
  }

  /// Every reason counted, in one line (what `--log-level info` logs), or `nil` when every
  /// place was decided.
  ///
  /// - Parameter countsNoHours: Whether places with no hours are counted; not for a source that
  ///   never gives any (Google's legacy Nearby Search), where that is the documented rule and
  ///   saying so every run would be noise.
  public func details(countsNoHours: Bool = true) -> String? {
    let parts = self.parts(countsNoHours: countsNoHours, only: nil)
    guard !parts.isEmpty else { return nil }
    return "open_at_fix is null where it cannot be told: " + parts.joined(separator: "; ")
  }

  /// The one warning line a user can act on, or `nil` when there is none.
  ///
  /// Without `--open` that is only the places whose hours need a zone (`--timezone` tells
  /// them); places whose data has no hours, or hours forage cannot read, are `null` in the
  /// output and need no warning. With `--open` those places are left out of the answers, so
  /// the line counts every reason.
  ///
  /// - Parameters:
  ///   - countsNoHours: Whether places with no hours are counted (``details(countsNoHours:)``).
  ///   - isOpenOnly: Whether the answers keep only the places open (`--open`).
  public func warning(countsNoHours: Bool = true, isOpenOnly: Bool = false) -> String? {
    guard isOpenOnly else {
      let parts = self.parts(countsNoHours: countsNoHours, only: .needsTimeZone)
      guard !parts.isEmpty else { return nil }
      return "open_at_fix is null where it cannot be told: " + parts.joined(separator: "; ")
    }
    let parts = self.parts(countsNoHours: countsNoHours, only: nil)
    guard !parts.isEmpty else { return nil }
    return "--open left out the places whose opening could not be told: "
      + parts.joined(separator: "; ")
  }

  /// The counted reasons as phrases, in a fixed order; only `only`'s when it is given.
  private func parts(countsNoHours: Bool, only: UnknownHoursReason?) -> [String] {
    var parts: [String] = []
    func places(_ count: Int) -> String { count == 1 ? "1 place" : "\(count) places" }
    func count(_ reason: UnknownHoursReason) -> Int? {
      only == nil || only == reason ? counts[reason] : nil
    }
    if countsNoHours, let count = count(.noHours) {
      parts.append("\(places(count)) with no hours from the source")
    }
    if let count = count(.needsTimeZone) {
      parts.append(
        "\(places(count)) with hours in local time and no zone known (give --timezone, such as "
          + "Europe/Helsinki)"
      )
    }
    if let count = count(.unreadable) {
      var part = "\(places(count)) with hours that cannot be read"
      if let first = firstUnreadable { part += " (such as \"\(first.text)\": \(first.reason))" }
      parts.append(part)
    }
    if let count = count(.undecided) {
      parts.append(
        "\(places(count)) whose hours leave it open (a public holiday, an open end, a comment "
          + "or 'unknown')"
      )
    }
    if let count = count(.noFixTime) { parts.append("\(places(count)) met at fixes with no time") }
    return parts
  }
}

/// Hours that could not be read, as the warning shows them: the text (or `periods`) and why.
public struct UnreadableExample: Sendable, Equatable {
  /// The hours as given (an escaped excerpt around the problem when long, as
  /// `TerminalText.excerpt(_:around:width:)` quotes it), or `periods` for a week of periods.
  public var text: String
  /// Why they cannot be read.
  public var reason: String

  /// Creates an example.
  public init(text: String, reason: String) {
    self.text = text
    self.reason = reason
  }
}
