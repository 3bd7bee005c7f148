import ForageHTTP
import Foundation
import PostgresNIO

/// Where a shared places cache lives: a PostgreSQL server, reached over TCP or a Unix socket,
/// with a user, an optional password and a database, as a `postgres://` URL gives them.
///
/// Two forms are read:
/// - `postgres://user:password@host:port/database` (TCP; the port defaults to 5432);
/// - `postgres://user@/database?host=/path/to/socketdir` (the server's Unix socket in that
///   folder, `.s.PGSQL.5432` or the port given).
///
/// `postgresql://` is the same. The password is registered with ``Redaction`` when the URL is
/// read, and ``description`` never holds it: a location is shown, logged and compared without it.
public struct PostgresCacheLocation: Sendable, Equatable, CustomStringConvertible {
  /// How the server is reached.
  public enum Endpoint: Sendable, Equatable {
    /// A TCP host and port.
    case tcp(host: String, port: Int)
    /// A Unix socket file.
    case unixSocket(path: String)
  }

  /// How the server is reached.
  public var endpoint: Endpoint
  /// The user name.
  public var user: String
  /// The password, or `nil` for none (trust or peer authentication).
  public var password: String?
  /// The database.
  public var database: String

  /// The default PostgreSQL port.
  public static let defaultPort = 5432

  /// Creates a location.
  public init(endpoint: Endpoint, user: String, password: String?, database: String) {
    self.endpoint = endpoint
    self.user = user
    self.password = password
    self.database = database
  }

  /// Reads a `postgres://` URL.
  ///
  /// - Throws: ``PostgresPlacesCacheError`` (``PostgresPlacesCacheError/Kind/badURL``) naming
  ///   what is wrong, without the password.
  public init(url text: String) throws(PostgresPlacesCacheError) {
    func bad(_ reason: String) -> PostgresPlacesCacheError {
      PostgresPlacesCacheError(.badURL, location: Self.withoutUserInformation(text), reason: reason)
    }
    func holdsControl(_ part: String) -> Bool {
      part.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
    guard !holdsControl(text) else { throw bad("holds a control character") }
    guard let components = URLComponents(string: text) else {
      throw bad("is not a URL such as postgres://user:password@host:5432/database")
    }
    if let password = components.password, !password.isEmpty {
      Redaction.registerSecret(password)
      Redaction.registerSecret(components.percentEncodedPassword ?? password)
    }
    guard let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme)
    else { throw bad("must start with postgres:// or postgresql://") }
    guard let user = components.user, !user.isEmpty else {
      throw bad("names no user (postgres://user@host/database)")
    }
    let database = String(components.path.drop { $0 == "/" })
    guard !database.isEmpty, !database.contains("/") else {
      throw bad("names no database (postgres://user@host/database)")
    }
    // PostgreSQL cuts names at 63 bytes (NAMEDATALEN - 1): a longer one is not the one meant.
    guard database.utf8.count <= 63, user.utf8.count <= 63 else {
      throw bad("names a user or database longer than PostgreSQL's 63 bytes")
    }
    var socketFolder: String?
    for item in components.queryItems ?? [] {
      switch item.name {
      case "host":
        guard let value = item.value, value.hasPrefix("/") else {
          throw bad("host= must be the absolute path of the server's socket folder")
        }
        socketFolder = value
      default:
        throw bad("has an unknown parameter '\(item.name)' (only host=/socket/folder is read)")
      }
    }
    // Percent-encoded, a control character reaches the server: refused as the raw one is.
    let decoded = [user, components.password ?? "", database, components.host ?? ""]
    guard !decoded.contains(where: holdsControl), !holdsControl(socketFolder ?? "") else {
      throw bad("holds a control character")
    }
    let port = components.port ?? Self.defaultPort
    guard (1...65535).contains(port) else { throw bad("has a port outside 1...65535") }
    // An IPv6 literal comes with its brackets, which no resolver reads.
    var host = components.host ?? ""
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if let socketFolder {
      guard host.isEmpty else { throw bad("names both a host and host=/socket/folder") }
      endpoint = .unixSocket(path: "\(socketFolder)/.s.PGSQL.\(port)")
    } else {
      guard !host.isEmpty else {
        throw bad("names no host (postgres://user@host/database, or ?host=/socket/folder)")
      }
      endpoint = .tcp(host: host, port: port)
    }
    self.user = user
    password = components.password.flatMap { $0.isEmpty ? nil : $0 }
    self.database = database
  }

  /// A URL that may not be readable, without anything between `://` and its last `@` (a
  /// password may hold `/`, `?` or `#` unencoded, so no part of it is trusted to end there).
  static func withoutUserInformation(_ text: String) -> String {
    guard let start = text.range(of: "://"), let at = text.lastIndex(of: "@"),
      at >= start.upperBound
    else { return Redaction.redact(text) }
    return Redaction.redact(String(text[..<start.upperBound] + text[text.index(after: at)...]))
  }

  /// The URL without the password: `postgres://user@host:port/database`, or
  /// `postgres://user@/database?host=/socket/folder`.
  public var description: String {
    switch endpoint {
    case .tcp(let host, let port):
      let shownHost = host.contains(":") ? "[\(host)]" : host
      return "postgres://\(user)@\(shownHost):\(port)/\(database)"
    case .unixSocket(let path):
      let file = URL(fileURLWithPath: path)
      let folder = file.deletingLastPathComponent().path
      let port = file.lastPathComponent.split(separator: ".").last.flatMap { Int($0) }
      let shownPort = port.map { $0 == Self.defaultPort ? "" : ":\($0)" } ?? ""
      return "postgres://\(user)@\(shownPort)/\(database)?host=\(folder)"
    }
  }

  /// The PostgresNIO configuration for a connection.
  var configuration: PostgresConnection.Configuration {
    var configuration: PostgresConnection.Configuration
    switch endpoint {
    case .tcp(let host, let port):
      configuration = .init(
        host: host,
        port: port,
        username: user,
        password: password,
        database: database,
        tls: .disable
      )
    case .unixSocket(let path):
      configuration = .init(
        unixSocketPath: path,
        username: user,
        password: password,
        database: database
      )
    }
    configuration.options.connectTimeout = .seconds(10)
    return configuration
  }
}

extension PostgresCacheLocation: CustomReflectable {
  /// The location as `dump` and debuggers show it: the password as ``Redaction/placeholder``.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "endpoint": endpoint, "user": user,
        "password": password.map { _ in Redaction.placeholder } as Any, "database": database,
      ]
    )
  }
}
