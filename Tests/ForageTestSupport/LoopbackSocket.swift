import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP socket bound to a port on 127.0.0.1 that the system chooses: a listening one serves
/// (``FakeGPSD``), one that does not listen refuses every connection (``RefusingPort``).
enum LoopbackSocket {
  /// Binds a new socket, listening when `listening`; returns it and its port.
  ///
  /// - Throws: `POSIXError` when the socket cannot be made or bound.
  static func bind(listening: Bool) throws -> (descriptor: Int32, port: Int) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.bind(descriptor, $0, length) == 0 && (!listening || listen(descriptor, 8) == 0)
          && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else {
      Glibc.close(descriptor)
      throw POSIXError(.EADDRINUSE)
    }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
  }
}
