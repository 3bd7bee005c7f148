import Foundation

@testable import MockPlaces

#if canImport(Glibc)
  import Glibc
#endif

/// A raw TCP client for byte-level checks of the mock server (no HTTP library in between), so
/// that tests can send it hostile, malformed or pipelined bytes.
final class ServerTestClient {
  /// A response as read off the wire.
  struct Response {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
      headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    func json() throws -> [String: Any] {
      try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] ?? [:]
    }
  }

  /// How a read ended when no complete response arrived.
  enum End: Error, Equatable {
    case closed(bytes: [UInt8])
    case reset(bytes: [UInt8])
  }

  let fd: Int32
  private var buffer: [UInt8] = []

  /// Connects to 127.0.0.1:`port`, with a 10 s receive timeout so a broken server fails the test.
  init(port: UInt16) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    // No close here: a class whose initialiser throws after every property is set still runs
    // deinit, which closes the socket (closing twice could close another test's reused fd).
    guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit {
    close(fd)
  }

  /// Sends raw bytes, all of them unless the server has gone.
  func send(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent < 0, errno == EINTR { continue }
      guard sent > 0 else { return }
      offset += sent
    }
  }

  /// Shuts down the sending side, as a client does that has nothing more to ask.
  func closeWrite() {
    shutdown(fd, Int32(SHUT_WR))
  }

  /// Sends a GET with `Host` and optional extra header lines.
  func get(_ target: String, headers: [String] = []) {
    let extra = headers.map { $0 + "\r\n" }.joined()
    send("GET \(target) HTTP/1.1\r\nHost: test\r\n\(extra)\r\n")
  }

  /// Reads one response framed by `Content-Length` (or by close when it has none).
  ///
  /// - Parameter toHead: Whether the request was `HEAD`, whose response has no body whatever
  ///   its `Content-Length` says. Informational (1xx) responses have none either.
  func readResponse(toHead: Bool = false) -> Result<Response, End> {
    var headEnd: Int?
    while headEnd == nil {
      if let range = findBlankLine() {
        headEnd = range
        break
      }
      if let end = fill() { return .failure(end) }
    }
    let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
    buffer.removeFirst(headEnd! + 4)
    var lines = head.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ")
    let status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
    let headers = lines.compactMap { line -> (name: String, value: String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (
        String(line[..<colon]),
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      )
    }
    var response = Response(status: status, headers: headers, body: [])
    if toHead || (100..<200).contains(status) { return .success(response) }
    if let length = response.header("Content-Length").flatMap(Int.init) {
      while buffer.count < length {
        if let end = fill() { return .failure(end) }
      }
      response.body = Array(buffer[..<length])
      buffer.removeFirst(length)
    } else {
      while fill() == nil {}
      response.body = buffer
      buffer = []
    }
    return .success(response)
  }

  /// Reads until the server closes; reports whether it closed cleanly or reset.
  func readToEnd() -> End {
    while true {
      if let end = fill() { return end }
    }
  }

  private func findBlankLine() -> Int? {
    guard buffer.count >= 4 else { return nil }
    for index in 0...(buffer.count - 4)
    where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13
      && buffer[index + 3] == 10
    {
      return index
    }
    return nil
  }

  /// Reads more; returns how the stream ended, or `nil` when bytes arrived.
  private func fill() -> End? {
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = recv(fd, &chunk, chunk.count, 0)
    if count > 0 {
      buffer += chunk[0..<count]
      return nil
    }
    if count < 0, errno == ECONNRESET { return .reset(bytes: buffer) }
    return .closed(bytes: buffer)
  }
}

/// A handler that echoes the request as JSON: method, path, query pairs, body text.
struct EchoHandler: MockHandler {
  func respond(to request: MockRequest) async -> MockResponse? {
    guard request.path.hasPrefix("/echo") else { return nil }
    let object: [String: Any] = [
      "method": request.method,
      "path": request.path,
      "query": request.query.map { [$0.name, $0.value] },
      "body": String(decoding: request.body, as: UTF8.self),
    ]
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return .json(data)
  }
}

/// A handler that answers a fixed body on one path.
struct FixedHandler: MockHandler {
  var path: String
  var body: String

  func respond(to request: MockRequest) async -> MockResponse? {
    request.path == path ? .json(Data(body.utf8)) : nil
  }
}
