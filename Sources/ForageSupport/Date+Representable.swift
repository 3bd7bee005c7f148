import Foundation

extension Date {
  /// The seconds since 1970 that forage reads as times: the years 1 to 9999, which ISO 8601
  /// writes in four digits. A time outside them (`1e19` in a CSV file, `1e308` in a recording)
  /// is refused where it is read, before any conversion that would trap.
  public static let representableSeconds: ClosedRange<Double> = -62_135_596_800...253_402_300_799

  /// The date `seconds` after 1970, or `nil` when that is not a number or outside
  /// ``representableSeconds``.
  public init?(checkedSecondsSince1970 seconds: Double) {
    guard Self.representableSeconds.contains(seconds) else { return nil }
    self.init(timeIntervalSince1970: seconds)
  }
}
