import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1, port 0, that answers each request as a test script
/// says: a fixed body, or an API that misbehaves (repeats itself, refuses, dies midway).
///
/// One request a connection (`Connection: close`), served on a thread of its own, so that it
/// never waits on the test's cooperative threads. The mock Places server is the real test
/// server; this one plays the peers nobody would ship.
public final class ScriptedHTTPServer: @unchecked Sendable {
  /// A request as received.
  public struct Request: Sendable {
    /// The method, such as `GET`.
    public var method: String
    /// The path and query, as sent.
    public var target: String
    /// The body (empty for a GET).
    public var body: String
    /// The request's number, from 0, in the order they arrived.
    public var index: Int
  }

  /// An answer to send.
  public struct Response: Sendable {
    /// The HTTP status.
    public var status: Int
    /// The body, sent as JSON.
    public var body: String
    /// Extra header lines, such as `Retry-After: 1`.
    public var headers: [String]

    /// Creates an answer.
    public init(status: Int = 200, body: String, headers: [String] = []) {
      self.status = status
      self.body = body
      self.headers = headers
    }
  }

  /// The port the kernel chose.
  public let port: UInt16
  private let listener: Int32
  private let journal = Journal()

  /// The requests received, behind a lock the serving thread shares.
  private final class Journal: Sendable {
    let list = Mutex<[Request]>([])
  }

  /// Every request received so far, in order.
  public var requests: [Request] { journal.list.withLock { $0 } }

  /// Binds 127.0.0.1 port 0 and answers every request with one fixed body.
  ///
  /// - Throws: `POSIXError` when the socket cannot be bound.
  public convenience init(body: String) throws {
    try self.init { _ in Response(body: body) }
  }

  /// Binds 127.0.0.1 port 0 and answers each request with what `answer` returns.
  ///
  /// - Throws: `POSIXError` when the socket cannot be bound.
  public init(answer: @escaping @Sendable (Request) -> Response) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 64) == 0 else {
      Glibc.close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    port = UInt16(bigEndian: address.sin_port)
    listener = fd
    let journal = journal
    Thread {
      while true {
        let client = accept(fd, nil, nil)
        // Not inherited by a child another test spawns meanwhile (accept4 is not visible to Swift).
        if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
        guard client >= 0 else { return }
        guard var request = Self.read(client) else {
          Glibc.close(client)
          continue
        }
        request.index = journal.list.withLock {
          request.index = $0.count
          $0.append(request)
          return $0.count - 1
        }
        let response = answer(request)
        let text =
          "HTTP/1.1 \(response.status) Scripted\r\nContent-Type: application/json\r\n"
          + response.headers.map { $0 + "\r\n" }.joined()
          + "Content-Length: \(response.body.utf8.count)\r\nConnection: close\r\n\r\n"
          + response.body
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
        Glibc.close(client)
      }
    }.start()
  }

  /// Stops accepting connections.
  public func close() {
    shutdown(listener, Int32(SHUT_RDWR))
    Glibc.close(listener)
  }

  /// Reads one request: the head, then a body of its `Content-Length`.
  private static func read(_ client: Int32) -> Request? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var bytes: [UInt8] = []
    var headEnd: Int?
    var bodyLength = 0
    while true {
      if headEnd == nil, let end = bytes.firstRange(of: [13, 10, 13, 10])?.upperBound {
        headEnd = end
        let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
        if let line = head.split(separator: "\r\n").first(where: {
          $0.hasPrefix("content-length:")
        }) {
          bodyLength =
            Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
      }
      if let headEnd, bytes.count >= headEnd + bodyLength { break }
      let count = Glibc.read(client, &buffer, buffer.count)
      guard count > 0 else { return nil }
      bytes += buffer[0..<count]
    }
    let head = String(decoding: bytes[..<headEnd!], as: UTF8.self)
    let words = head.split(separator: " ", maxSplits: 2)
    guard words.count >= 2 else { return nil }
    return Request(
      method: String(words[0]),
      target: String(words[1]),
      body: String(decoding: bytes[headEnd!...], as: UTF8.self),
      index: 0
    )
  }
}
