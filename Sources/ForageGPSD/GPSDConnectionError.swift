import ForageSupport
import Foundation

/// Why a connection to gpsd could not be made or ended badly.
public struct GPSDConnectionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kinds of failure.
  public enum Kind: Sendable, Hashable {
    /// The host name does not resolve: trying again will not help.
    case hostNotFound
    /// Nothing listens on the port (`ECONNREFUSED`).
    case refused
    /// The host or network cannot be reached, or the connection attempt timed out.
    case unreachable
    /// The connection was made but the peer sent nothing in time (gpsd greets each client at
    /// once): not a gpsd, or one that hangs.
    case noAnswer
    /// The connection was reset or failed after it was made: a dropped connection.
    case dropped
  }

  /// What happened.
  public var kind: Kind
  /// The system's words for it, such as "Connection refused".
  public var reason: String

  /// Creates an error.
  public init(_ kind: Kind, reason: String) {
    self.kind = kind
    self.reason = reason
  }

  /// An error from an `errno` value.
  init(_ kind: Kind, errno code: Int32) {
    self.init(kind, reason: systemErrorText(code))
  }

  /// Whether another attempt may succeed: every kind but ``Kind/hostNotFound``.
  public var isRetryable: Bool { kind != .hostNotFound }

  /// The reason, such as `cannot connect: Connection refused`.
  public var description: String {
    switch kind {
    case .hostNotFound: "cannot resolve the host: \(reason)"
    case .refused, .unreachable: "cannot connect: \(reason)"
    case .noAnswer: "no answer: \(reason); is it a gpsd?"
    case .dropped: "connection dropped: \(reason)"
    }
  }
}
