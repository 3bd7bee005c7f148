import NIOCore

/// Why the mock server could not start.
public enum MockServerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The host is not an IP address or name that resolves to one.
  case invalidHost(String)
  /// The socket could not be created, bound or put into listening state.
  case bindFailed(host: String, port: UInt16, errno: Int32)
  /// `start()` was called on a server that is running or was stopped.
  case notStartable

  public var description: String {
    switch self {
    case .invalidHost(let host):
      return "cannot listen on '\(host)': not an address this machine has"
    case .bindFailed(let host, let port, let code):
      return "cannot listen on \(host):\(port): \(String(cString: strerror(code)))"
    case .notStartable:
      return "the server is already running or was stopped; create a new one"
    }
  }
}

extension MockServerError {
  /// The error for a listener NIO could not bind.
  init(binding error: any Error, host: String, port: UInt16) {
    switch error {
    case is SocketAddressError:
      self = .invalidHost(host)
    case let error as IOError:
      self = .bindFailed(host: host, port: port, errno: error.errnoCode)
    default:
      self = .bindFailed(host: host, port: port, errno: EADDRNOTAVAIL)
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
