import ForageHTTP

/// Why a shared places cache on PostgreSQL cannot be used: one line for the user, naming the
/// database without its password.
///
/// The CLI turns ``Kind/badURL`` into a usage error (64), ``Kind/newerSchema`` and
/// ``Kind/notACache`` into a data error (65), and ``Kind/unavailable`` and ``Kind/refused`` into
/// a service error (69): a cache that can no longer be confirmed ends the run. How long an
/// API's terms let its answers be kept is the caller's to check, with the provider's
/// `PlacesProviderCapabilities/termsRefusal(keeping:)` (the CLI does, for either cache).
public struct PostgresPlacesCacheError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, broadly.
  public enum Kind: Sendable, Equatable {
    /// The URL cannot be read.
    case badURL
    /// The server cannot be reached, or went away and did not come back within the retries.
    case unavailable
    /// The server answered but refused us: wrong password, no such database or user, no right.
    case refused
    /// The database's cache tables were written by a newer Forage.
    case newerSchema
    /// The database holds values no Forage wrote (an impossible search, an unreadable place).
    case notACache
  }

  /// What went wrong.
  public var kind: Kind
  /// The database, without its password (``PostgresCacheLocation/description``).
  public var location: String
  /// The details, without the location.
  public var reason: String
  /// Whether another attempt, on a new connection, may succeed (for the retries only).
  var isTransient: Bool

  /// Creates an error.
  public init(_ kind: Kind, location: String, reason: String) {
    self.init(kind, location: location, reason: reason, isTransient: false)
  }

  init(_ kind: Kind, location: String, reason: String, isTransient: Bool) {
    self.kind = kind
    self.location = location
    self.reason = reason
    self.isTransient = isTransient
  }

  /// `location: reason`, with every registered secret removed (a server that echoed a password
  /// back cannot make it shown).
  public var description: String { Redaction.redact("\(location): \(reason)") }
}
