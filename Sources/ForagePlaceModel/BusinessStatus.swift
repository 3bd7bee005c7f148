/// Whether a business is trading, as a Places API reports it.
///
/// An open set: a status this client does not know yet keeps its raw value instead of failing.
public struct BusinessStatus: RawRepresentable, Sendable, Hashable, Codable {
  /// The wire value, such as `OPERATIONAL`.
  public var rawValue: String

  /// Wraps a wire value.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// The business is trading.
  public static let operational = BusinessStatus(rawValue: "OPERATIONAL")
  /// The business is closed for now.
  public static let closedTemporarily = BusinessStatus(rawValue: "CLOSED_TEMPORARILY")
  /// The business has closed for good.
  public static let closedPermanently = BusinessStatus(rawValue: "CLOSED_PERMANENTLY")

  /// Whether the business is closed, temporarily or for good.
  public var isClosed: Bool { rawValue.hasPrefix("CLOSED") }
}
