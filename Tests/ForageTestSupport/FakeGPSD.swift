import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A scripted gpsd on 127.0.0.1 port 0, for tests of gpsd clients.
///
/// Each connection it accepts, in turn, reads the client's first line (the `?WATCH` command),
/// sends its script's lines and then ends as the script says. The listener runs on a thread of
/// its own (a ``BlockingThread``), never on Swift's cooperative pool.
public final class FakeGPSD: Sendable {
  /// How a scripted connection ends once its lines are sent.
  public enum Ending: Sendable {
    /// An orderly close (the client reads the end of the stream).
    case close
    /// A reset (`SO_LINGER` 0): the client's read fails, as when a link drops.
    case reset
    /// Kept open until the client closes it.
    case waitForClient
  }

  /// One scripted connection.
  public struct Script: Sendable {
    /// The lines sent, each followed by a newline.
    public var lines: [String]
    /// How the connection ends.
    public var ending: Ending

    /// Creates a script.
    public init(lines: [String], ending: Ending = .close) {
      self.lines = lines
      self.ending = ending
    }
  }

  /// The port the kernel chose.
  public let port: Int
  private let served: BlockingThread<[String]>

  /// Binds 127.0.0.1 port 0 and starts serving the scripts, one connection each.
  ///
  /// - Throws: `POSIXError` when the socket cannot be bound.
  public init(_ scripts: [Script]) throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && listen(listener, 8) == 0
          && getsockname(listener, $0, &length) == 0
      }
    }
    guard bound else {
      close(listener)
      throw POSIXError(.EADDRINUSE)
    }
    port = Int(UInt16(bigEndian: address.sin_port))
    served = BlockingThread {
      defer { close(listener) }
      var commands: [String] = []
      for script in scripts {
        let client = accept(listener, nil, nil)
        // Not inherited by a child another test spawns meanwhile (accept4 is not visible to Swift).
        if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
        guard client >= 0 else { break }
        commands.append(Self.readLine(client))
        let text = Array(script.lines.map { $0 + "\n" }.joined().utf8)
        _ = text.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        switch script.ending {
        case .close: break
        case .reset:
          var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
          setsockopt(
            client,
            SOL_SOCKET,
            SO_LINGER,
            &linger,
            socklen_t(MemoryLayout<Glibc.linger>.size)
          )
        case .waitForClient:
          var byte: UInt8 = 0
          while recv(client, &byte, 1, 0) > 0 {}
        }
        close(client)
      }
      return commands
    }
  }

  /// Waits until every script was served and returns the first line each client sent.
  public func commands() throws -> [String] {
    try served.value()
  }

  /// A port on 127.0.0.1 that nothing listens on (bound to port 0, then closed), so connecting
  /// to it is refused.
  public static func unusedPort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else { throw POSIXError(.EADDRINUSE) }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  private static func readLine(_ descriptor: Int32) -> String {
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while line.count < 4096, recv(descriptor, &byte, 1, 0) == 1, byte != UInt8(ascii: "\n") {
      line.append(byte)
    }
    return String(decoding: line, as: UTF8.self)
  }
}
