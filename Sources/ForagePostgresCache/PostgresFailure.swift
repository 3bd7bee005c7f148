import ForageHTTP
import Foundation
import NIOCore
import NIOPosix
import PostgresNIO

/// How an error from PostgresNIO reads, and whether a new connection may get past it.
enum PostgresFailure {
  /// The SQLSTATE classes and codes worth another attempt on a new connection: connection
  /// exceptions (08), the server shutting down or starting (57P01–57P03), too many connections
  /// or other missing resources (53), and a transaction that lost a race (40001, 40P01).
  static func isTransient(sqlState: String) -> Bool {
    sqlState.hasPrefix("08") || sqlState.hasPrefix("53")
      || ["57P01", "57P02", "57P03", "40001", "40P01"].contains(sqlState)
  }

  /// The SQLSTATE codes that mean the server refused us for good: authentication (28), an
  /// unknown database (3D000), no right (42501).
  static func isRefusal(sqlState: String) -> Bool {
    sqlState.hasPrefix("28") || sqlState == "3D000" || sqlState == "42501"
  }

  /// Why a connection could not be made, in the system's words (`connection refused`), or
  /// `nil` when the error does not say.
  static func connectionCause(_ error: any Error) -> String? {
    switch error {
    case let error as IOError:
      return String(cString: strerror(error.errnoCode)).lowercased()
    case let error as NIOConnectionError:
      if let first = error.connectionErrors.first { return connectionCause(first.error) }
      if error.dnsAError != nil || error.dnsAAAAError != nil {
        return "the host name cannot be resolved"
      }
      return nil
    case ChannelError.connectTimeout:
      return "timed out"
    default:
      return nil
    }
  }

  /// `error` as a cache error for `location`; `connectionClosed` tells whether the connection
  /// it came from is gone (any error that closed it is worth a new one).
  static func classify(
    _ error: any Error,
    location: PostgresCacheLocation,
    connectionClosed: Bool
  ) -> PostgresPlacesCacheError {
    if let error = error as? PostgresPlacesCacheError { return error }
    let name = location.description
    guard let error = error as? PSQLError else {
      let transient = connectionClosed || error is IOError || error is ChannelError
      return PostgresPlacesCacheError(
        .unavailable,
        location: name,
        reason: "the server cannot be used (\(Redaction.redact(String(describing: error))))",
        isTransient: transient
      )
    }
    if let info = error.serverInfo, let state = info[.sqlState] {
      let message = Redaction.redact(info[.message] ?? "error \(state)")
      if isRefusal(sqlState: state) {
        return PostgresPlacesCacheError(
          .refused,
          location: name,
          reason: "the server refused: \(message) (SQLSTATE \(state))"
        )
      }
      return PostgresPlacesCacheError(
        .unavailable,
        location: name,
        reason: "the server answered: \(message) (SQLSTATE \(state))",
        isTransient: isTransient(sqlState: state) || connectionClosed
      )
    }
    let reason: String
    var transient = connectionClosed
    switch error.code {
    case .connectionError:
      let cause = error.underlying.flatMap(connectionCause)
      reason = "cannot connect to the server" + (cause.map { ": \($0)" } ?? "")
      transient = true
    case .serverClosedConnection, .uncleanShutdown:
      reason = "the server closed the connection"
      transient = true
    case .clientClosedConnection:
      reason = "the connection was closed"
      transient = true
    case .unsupportedAuthMechanism, .authMechanismRequiresPassword, .saslError:
      return PostgresPlacesCacheError(
        .refused,
        location: name,
        reason: "the server asks for a password this URL does not give, or one it cannot check"
      )
    default:
      reason = "the server cannot be used (\(Redaction.redact(error.code.description)))"
    }
    return PostgresPlacesCacheError(
      .unavailable,
      location: name,
      reason: reason,
      isTransient: transient
    )
  }
}
