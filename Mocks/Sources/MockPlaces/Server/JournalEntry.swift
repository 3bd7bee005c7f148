import Foundation

/// One request the mock server received, as recorded in its ``RequestJournal``.
///
/// API keys never reach the journal: the `key` query parameter and key or credential headers
/// (`X-Goog-Api-Key`, `Authorization`, ...) are stored as `REDACTED`.
public struct JournalEntry: Sendable, Equatable, Codable {
  /// A name and value (a query parameter or a header).
  public struct Field: Sendable, Equatable, Codable {
    /// The name.
    public var name: String
    /// The value, redacted when it is a credential.
    public var value: String
  }

  /// The order of arrival, from 1.
  public var sequence: Int
  /// When the request arrived.
  public var timestamp: Date
  /// The request method.
  public var method: String
  /// The decoded path.
  public var path: String
  /// The decoded query parameters in order.
  public var query: [Field]
  /// The headers in order.
  public var headers: [Field]
  /// The body as UTF-8 text (invalid bytes replaced), credentials redacted.
  public var body: String
  /// The number of the connection it came on, from 1 (equal numbers mean a reused connection).
  public var connection: Int
  /// The fault applied to it, as a spec string, or `nil`.
  public var fault: String?

  /// The first query parameter with this name.
  public func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  /// The first header with this name, compared case-insensitively.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }
}
