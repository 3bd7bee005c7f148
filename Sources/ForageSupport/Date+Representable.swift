import Foundation

extension Date {
  /// The seconds since 1970 that forage reads as times: the years 1 to 9999, which ISO 8601
  /// writes in four digits, from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.9999Z. (Not just
  /// to the last millisecond: a replay's clock counts whole milliseconds from the first fix, so
  /// the time a fix at 9999-12-31T23:59:59.999Z arrives can be half a millisecond later.) A time
  /// outside them (`1e19` in a CSV file, `1e308` in a recording) is refused where it is read,
  /// before any conversion that would trap.
  public static let representableSeconds: ClosedRange<Double> =
    -62_135_596_800...253_402_300_799.9999

  /// The last millisecond forage writes, 9999-12-31T23:59:59.999Z: where times it makes up
  /// stop (``clampedToRepresentable``), and the latest time its outputs show.
  public static let latestRepresentable = Date(timeIntervalSince1970: 253_402_300_799.999)

  /// The first instant forage writes, 0001-01-01T00:00:00Z.
  public static let earliestRepresentable = Date(
    timeIntervalSince1970: representableSeconds.lowerBound
  )

  /// The date `seconds` after 1970, or `nil` when that is not a number or outside
  /// ``representableSeconds``.
  public init?(checkedSecondsSince1970 seconds: Double) {
    guard Self.representableSeconds.contains(seconds) else { return nil }
    self.init(timeIntervalSince1970: seconds)
  }

  /// The date, or the nearer end of the years forage writes when it lies outside them:
  /// ``earliestRepresentable`` or ``latestRepresentable``. For times forage makes up, which
  /// must stay within what it reads back.
  public var clampedToRepresentable: Date {
    min(max(self, Self.earliestRepresentable), Self.latestRepresentable)
  }
}
