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
    (descriptor, port) = try LoopbackSocket.bind(listening: false)
  }

  /// Frees the port.
  public func close() {
    Glibc.close(descriptor)
  }
}
