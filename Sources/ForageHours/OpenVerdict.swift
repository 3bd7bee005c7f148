/// Whether a place is open at a fix's time, or why that cannot be told.
public enum OpenVerdict: Sendable, Hashable {
  /// Open at that time.
  case open
  /// Closed at that time.
  case closed
  /// Not known, for the reason given: never guessed.
  case unknown(UnknownHoursReason)

  /// `true` or `false`, or `nil` when unknown: the value `open_at_fix` writes.
  public var isOpen: Bool? {
    switch self {
    case .open: true
    case .closed: false
    case .unknown: nil
    }
  }
}

/// Why a place's `open_at_fix` is unknown (`null`).
public enum UnknownHoursReason: String, Sendable, Hashable, CaseIterable, Comparable {
  /// The source gave no opening hours.
  case noHours = "no_hours"
  /// The hours could not be read, or use a part the evaluator does not support (sunrise,
  /// easter, …).
  case unreadable
  /// The hours are in local time and neither the source nor `--timezone` gave a zone.
  case needsTimeZone = "needs_time_zone"
  /// The fix has no time.
  case noFixTime = "no_fix_time"
  /// The hours themselves leave it open: an `unknown` rule, a comment alone, an open end, or a
  /// public-holiday rule without a holiday calendar.
  case undecided

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
