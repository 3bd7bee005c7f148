import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 that answers every request with one fixed body.
///
/// For smoke tests of the HTTP stack only; the mock Places server is the real test server.
public final class OneShotHTTPServer: @unchecked Sendable {
  /// The port the kernel chose (the server binds port 0).
  public let port: UInt16
  private let listener: Int32
  private let thread: Thread

  /// Binds 127.0.0.1 port 0 and starts answering on a background thread.
  ///
  /// - Parameter body: The response body sent for every request.
  /// - Throws: `POSIXError` when the socket cannot be bound.
  public init(body: String) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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
    guard bound == 0, listen(fd, 16) == 0 else {
      Glibc.close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    port = UInt16(bigEndian: address.sin_port)
    listener = fd
    let response = Array(
      "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        .utf8
    )
    thread = Thread {
      while true {
        let client = accept(fd, nil, nil)
        guard client >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var request: [UInt8] = []
        while !request.ends(with: [13, 10, 13, 10]) {
          let count = read(client, &buffer, buffer.count)
          guard count > 0 else { break }
          request += buffer[0..<count]
        }
        _ = response.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
        Glibc.close(client)
      }
    }
    thread.start()
  }

  /// Stops accepting connections.
  public func close() {
    shutdown(listener, Int32(SHUT_RDWR))
    Glibc.close(listener)
  }
}

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
