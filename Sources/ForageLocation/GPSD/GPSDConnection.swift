import Foundation
import Synchronization

/// One TCP connection to gpsd, over POSIX sockets, read with blocking calls on a thread of the
/// caller's own.
///
/// Hand-rolled on purpose: the package's network library, libcurl, speaks request and response
/// protocols, not a long-lived stream of lines, and the server libraries in the offline set
/// (FlyingFox, Hummingbird) serve rather than connect. What gpsd needs is small: resolve, connect
/// with a timeout, write one command, read bytes until the peer closes. ``shutDown()`` wakes a
/// blocked read from another thread (a `shutdown(2)`, which is safe while the descriptor is
/// open: this object closes it only when it is freed).
final class GPSDConnection: Sendable {
  private let descriptor: Int32
  private let isShutDown = Mutex(false)

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Resolves the endpoint and connects to the first address that answers.
  ///
  /// - Parameters:
  ///   - endpoint: gpsd's host and port.
  ///   - timeout: The longest one connection attempt may take.
  /// - Throws: ``GPSDConnectionError``: the host does not resolve, or no address accepts.
  static func connect(
    to endpoint: GPSDEndpoint,
    timeout: Duration
  ) throws(GPSDConnectionError) -> GPSDConnection {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list)
    guard status == 0, let first = list else {
      let reason =
        status == EAI_SYSTEM
        ? String(cString: strerror(errno)) : String(cString: gai_strerror(status))
      throw GPSDConnectionError(status == EAI_AGAIN ? .unreachable : .hostNotFound, reason: reason)
    }
    defer { freeaddrinfo(list) }
    var failure = GPSDConnectionError(.unreachable, reason: "no address to connect to")
    var address: UnsafeMutablePointer<addrinfo>? = first
    while let current = address {
      address = current.pointee.ai_next
      let descriptor = socket(
        current.pointee.ai_family,
        current.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue),
        current.pointee.ai_protocol
      )
      guard descriptor >= 0 else {
        failure = GPSDConnectionError(.unreachable, errno: errno)
        continue
      }
      // A blocking connect gives up after SO_SNDTIMEO on Linux.
      let (seconds, attoseconds) = timeout.components
      var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
      setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
      var result: Int32
      repeat {
        result = Glibc.connect(descriptor, current.pointee.ai_addr, current.pointee.ai_addrlen)
      } while result != 0 && errno == EINTR
      if result == 0 { return GPSDConnection(descriptor: descriptor) }
      let code = errno
      close(descriptor)
      failure = GPSDConnectionError(code == ECONNREFUSED ? .refused : .unreachable, errno: code)
    }
    throw failure
  }

  /// Writes all of `text`.
  ///
  /// - Throws: ``GPSDConnectionError`` of kind ``GPSDConnectionError/Kind/dropped``.
  func send(_ text: String) throws(GPSDConnectionError) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { throw GPSDConnectionError(.dropped, errno: errno) }
      offset += written
    }
  }

  /// Reads what has arrived, waiting for at least one byte.
  ///
  /// - Parameter buffer: Filled from its start.
  /// - Returns: How many bytes were read; 0 when gpsd closed the connection or
  ///   ``shutDown()`` was called.
  /// - Throws: ``GPSDConnectionError`` of kind ``GPSDConnectionError/Kind/dropped``.
  func read(into buffer: inout [UInt8]) throws(GPSDConnectionError) -> Int {
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count >= 0 { return count }
      if errno == EINTR { continue }
      if isShutDown.withLock({ $0 }) { return 0 }
      throw GPSDConnectionError(.dropped, errno: errno)
    }
  }

  /// Ends the connection from another thread: a blocked ``read(into:)`` returns 0.
  func shutDown() {
    isShutDown.withLock { $0 = true }
    shutdown(descriptor, Int32(SHUT_RDWR))
  }
}
