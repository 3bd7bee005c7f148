import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A scripted gpsd on 127.0.0.1 port 0, for tests of gpsd clients: lines of text, or the raw
/// bytes of a hostile peer (not UTF-8, cut mid-line, silent, a flood).
///
/// Each connection it accepts, in turn, reads the client's first line (the `?WATCH` command),
/// sends its script's bytes and then ends as the script says; once every script is served it
/// stops listening, so a further connection is refused. The listener runs on a thread of its
/// own (a ``BlockingThread``), never on Swift's cooperative pool.
public final class FakeGPSD: Sendable {
  /// How a scripted connection ends once its bytes are sent.
  public enum Ending: Sendable {
    /// An orderly close (the client reads the end of the stream).
    case close
    /// A reset (`SO_LINGER` 0): the client's read fails, as when a link drops.
    case reset
    /// Kept open until the client closes it.
    case waitForClient
    /// The bytes sent again and again, as fast as the client reads, until it closes.
    case repeatUntilClientCloses
    /// Then whatever the test sends through the feed, as it comes, until the client closes
    /// the connection or the test ends the feed: a live receiver the test paces fix by fix.
    case fed(GPSDFeed)
  }

  /// One scripted connection.
  public struct Script: Sendable {
    /// The bytes sent once the client's first line has come.
    public var bytes: [UInt8]
    /// How the connection ends.
    public var ending: Ending

    /// Creates a script of lines, each sent followed by a newline.
    public init(lines: [String], ending: Ending = .close) {
      self.init(bytes: Array(lines.map { $0 + "\n" }.joined().utf8), ending: ending)
    }

    /// Creates a script of raw bytes.
    public init(bytes: [UInt8], ending: Ending = .close) {
      self.bytes = bytes
      self.ending = ending
    }

    /// Sends the bytes, then closes the connection.
    public static func send(_ bytes: [UInt8]) -> Script { Script(bytes: bytes) }

    /// Sends nothing and keeps the connection open until the client closes it.
    public static let silence = Script(bytes: [], ending: .waitForClient)

    /// Sends the bytes again and again, as fast as the client reads, until the client closes.
    public static func flood(_ bytes: [UInt8]) -> Script {
      Script(bytes: bytes, ending: .repeatUntilClientCloses)
    }
  }

  /// The port the kernel chose.
  public let port: Int
  private let listener: Listener
  private let served: BlockingThread<[String]>

  /// Binds 127.0.0.1 port 0 and starts serving the scripts, one connection each.
  ///
  /// - Throws: `POSIXError` when the socket cannot be bound.
  public init(_ scripts: [Script]) throws {
    let (listener, port) = try LoopbackSocket.bind(listening: true)
    self.port = port
    let open = Listener(listener)
    self.listener = open
    served = BlockingThread {
      defer { open.close() }
      var commands: [String] = []
      for script in scripts {
        let client = accept(listener, nil, nil)
        // Not inherited by a child another test spawns meanwhile (accept4 is not visible to Swift).
        if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
        guard client >= 0 else { break }
        commands.append(Self.readLine(client))
        var isOpen = Self.sendAll(script.bytes, to: client)
        switch script.ending {
        case .close: break
        case .repeatUntilClientCloses:
          while isOpen, !script.bytes.isEmpty { isOpen = Self.sendAll(script.bytes, to: client) }
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
        case .fed(let feed):
          feed.forward(to: client, isOpen: isOpen)
        }
        Glibc.close(client)
      }
      return commands
    }
  }

  /// Waits until every script was served and returns the first line each client sent.
  public func commands() throws -> [String] {
    try served.value()
  }

  /// Stops listening, so the scripts not yet taken never are; a connection still open ends as
  /// its script says.
  public func close() {
    listener.shutDown()
  }

  /// A port on 127.0.0.1 that nothing listens on (bound to port 0, then closed), for a server
  /// to listen on; another process may take it first. For a port that refuses connections, use
  /// ``RefusingPort``.
  public static func unusedPort() throws -> Int {
    let refusing = try RefusingPort()
    defer { refusing.close() }
    return refusing.port
  }

  /// Sends every byte; `false` when the connection failed (the client closed it).
  static func sendAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes {
        send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      sent += count
    }
    return true
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

/// The listening socket, shut down by ``FakeGPSD/close()`` or closed by the serving thread,
/// whichever comes first, and never used after it is closed.
private final class Listener: Sendable {
  private let descriptor: Mutex<Int32>

  init(_ descriptor: Int32) { self.descriptor = Mutex(descriptor) }

  /// Wakes a thread waiting in `accept`, which then fails.
  func shutDown() {
    descriptor.withLock { if $0 >= 0 { _ = shutdown($0, Int32(SHUT_RDWR)) } }
  }

  /// Closes the socket.
  func close() {
    descriptor.withLock {
      if $0 >= 0 { _ = Glibc.close($0) }
      $0 = -1
    }
  }
}

/// Lines a test hands a ``FakeGPSD`` connection while it is open (``FakeGPSD/Ending/fed(_:)``):
/// written to a pipe, forwarded by the server's thread as they come.
public final class GPSDFeed: Sendable {
  private let readEnd: Int32
  private let writeEnd: Mutex<Int32>

  /// Creates a feed with nothing sent yet.
  ///
  /// - Throws: `POSIXError` when no pipe can be made.
  public init() throws {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
    // Not inherited by a child another test spawns meanwhile.
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    readEnd = ends[0]
    writeEnd = Mutex(ends[1])
  }

  deinit {
    end()
    Glibc.close(readEnd)
  }

  /// Sends `lines`, each followed by a newline, to the connection.
  public func send(_ lines: [String]) {
    let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
    writeEnd.withLock { descriptor in
      guard descriptor >= 0 else { return }
      var written = 0
      while written < bytes.count {
        let count = bytes.withUnsafeBytes {
          write(descriptor, $0.baseAddress! + written, $0.count - written)
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return }
        written += count
      }
    }
  }

  /// Ends the feed: the connection closes once what was sent is forwarded.
  public func end() {
    writeEnd.withLock { descriptor in
      if descriptor >= 0 { Glibc.close(descriptor) }
      descriptor = -1
    }
  }

  /// Forwards what is sent to `client` until the feed ends or the client closes.
  func forward(to client: Int32, isOpen: Bool) {
    var isOpen = isOpen
    var buffer = [UInt8](repeating: 0, count: 4096)
    while isOpen {
      var descriptors = [
        pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0),
        pollfd(fd: client, events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&descriptors, 2, -1) >= 0 || errno == EINTR else { return }
      if descriptors[1].revents != 0 {
        // The client sends nothing after its first line: readable means it closed.
        var byte: UInt8 = 0
        if recv(client, &byte, 1, Int32(MSG_DONTWAIT)) <= 0 { return }
      }
      if descriptors[0].revents != 0 {
        let count = read(readEnd, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return }
        isOpen = FakeGPSD.sendAll(Array(buffer[0..<count]), to: client)
      }
    }
  }
}
