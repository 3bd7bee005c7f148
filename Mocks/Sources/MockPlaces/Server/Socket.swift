import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over the POSIX socket calls the server uses.
enum Socket {
  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let noSignal = Int32(MSG_NOSIGNAL)
  #else
    private static let streamType = SOCK_STREAM
    private static let noSignal: Int32 = 0
  #endif

  /// Creates a listening TCP socket on `host`:`port` (port 0 lets the kernel choose).
  ///
  /// - Returns: The socket and the port it is bound to.
  static func listen(
    host: String,
    port: UInt16,
    backlog: Int32
  ) throws(MockServerError) -> (fd: Int32, port: UInt16) {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamType
    hints.ai_flags = AI_PASSIVE
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
      throw .invalidHost(host)
    }
    defer { freeaddrinfo(list) }
    var lastError: Int32 = EADDRNOTAVAIL
    var candidate: UnsafeMutablePointer<addrinfo>? = first
    while let info = candidate {
      candidate = info.pointee.ai_next
      let fd = socket(info.pointee.ai_family, streamType, 0)
      guard fd >= 0 else {
        lastError = errno
        continue
      }
      var one: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
      guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0,
        posixListen(fd, backlog) == 0
      else {
        lastError = errno
        close(fd)
        continue
      }
      return (fd, boundPort(fd))
    }
    throw .bindFailed(host: host, port: port, errno: lastError)
  }

  /// The local port a socket is bound to.
  static func boundPort(_ fd: Int32) -> UInt16 {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    let family = storage.ss_family
    return withUnsafePointer(to: &storage) { pointer in
      if family == sa_family_t(AF_INET6) {
        return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          UInt16(bigEndian: $0.pointee.sin6_port)
        }
      }
      return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        UInt16(bigEndian: $0.pointee.sin_port)
      }
    }
  }

  /// Turns off Nagle's algorithm so small responses leave at once.
  static func setNoDelay(_ fd: Int32) {
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
  }

  /// Writes every byte, retrying short writes; `false` when the peer has gone.
  @discardableResult
  static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let sent = send(fd, buffer.baseAddress! + offset, buffer.count - offset, noSignal)
        if sent < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += sent
      }
      return true
    }
  }

  /// Reads what is available (blocking until something is); `nil` at end of stream or error.
  static func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Int? {
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count > 0 { return count }
      if count < 0, errno == EINTR { continue }
      return nil
    }
  }

  /// Arms `SO_LINGER` with a zero timeout so the next `close` sends a TCP reset.
  static func armReset(_ fd: Int32) {
    var option = linger(l_onoff: 1, l_linger: 0)
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
  }
}

/// The C library's `listen`, named apart from ``Socket/listen(host:port:backlog:)``.
private func posixListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
  listen(fd, backlog)
}
