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

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
