import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A port on 127.0.0.1 that refuses connections for as long as it is open: a socket bound to it
/// that does not listen. A port merely found free (``FakeGPSD/unusedPort()``) could be taken
/// meanwhile by a server of a test running beside, and the client connected to it instead of
/// being refused.
public final class RefusingPort: Sendable {
  /// The port number.
  public let port: Int
  private let descriptor: Int32

  /// Binds a socket to a port the system chooses, without listening on it.
  public init() throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else {
      Glibc.close(descriptor)
      throw POSIXError(.EADDRINUSE)
    }
    self.descriptor = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  /// Frees the port.
  public func close() {
    Glibc.close(descriptor)
  }
}
