import ForageHTTP
import Foundation

/// One request read off a connection, with what the connection should do afterwards.
struct ReceivedRequest: Sendable {
  /// The parsed request.
  var request: MockRequest
  /// Whether the client wants the connection kept open after the response.
  var keepAlive: Bool
}

/// Reads HTTP/1.1 requests one after another from a connected socket.
///
/// Handles request lines in origin or absolute form, header folding is rejected, bodies come by
/// `Content-Length` or chunked transfer coding, and `Expect: 100-continue` is answered.
final class RequestReader {
  /// What reading the next request produced.
  enum Outcome {
    /// A complete request.
    case request(ReceivedRequest)
    /// The peer closed the connection (or it failed) between requests.
    case closed
    /// The bytes were not an HTTP request; the text says why.
    case malformed(String)
  }

  /// The longest request head accepted.
  static let maxHeadBytes = 64 * 1024
  /// The largest request body accepted.
  static let maxBodyBytes = 16 * 1024 * 1024

  private let fd: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var chunk = [UInt8](repeating: 0, count: 16 * 1024)

  /// Reads from `fd`, which stays owned by the caller.
  init(fd: Int32) {
    self.fd = fd
  }

  /// Blocks until the next request has arrived in full.
  func next() -> Outcome {
    var scanned = 0
    var headEnd: (end: Int, bodyStart: Int)?
    while headEnd == nil {
      headEnd = findHeadEnd(scanned: &scanned)
      if headEnd != nil { break }
      if buffer.count - start > Self.maxHeadBytes { return .malformed("request head too large") }
      guard fill() else { return .closed }
    }
    let (end, bodyStart) = headEnd!
    let head = String(decoding: buffer[start..<end], as: UTF8.self)
    start = bodyStart
    return parse(head: head)
  }

  private func parse(head: String) -> Outcome {
    // Split on LF bytes: in a Swift String "\r\n" is one Character and would not split.
    var lines = head.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map {
      Substring(decoding: $0.last == 0x0D ? $0.dropLast() : $0, as: UTF8.self)
    }
    while let first = lines.first, first.isEmpty { lines.removeFirst() }
    guard let requestLine = lines.first else { return .malformed("empty request") }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: true)
    guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else {
      return .malformed("bad request line")
    }
    var headers: [(name: String, value: String)] = []
    for line in lines.dropFirst() where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":"), line.first != " ", line.first != "\t" else {
        return .malformed("bad header line")
      }
      let name = String(line[..<colon])
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers.append((name, value))
    }
    let (path, query) = Self.splitTarget(parts[1])
    var request = MockRequest(
      method: String(parts[0]),
      path: path,
      query: query,
      headers: headers
    )
    let connection = request.header("Connection")?.lowercased() ?? ""
    let keepAlive =
      parts[2] == "HTTP/1.0" ? connection.contains("keep-alive") : !connection.contains("close")
    if request.header("Expect")?.lowercased() == "100-continue" {
      Socket.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
    }
    if request.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
      guard let body = readChunkedBody() else { return .malformed("bad chunked body") }
      request.body = body
    } else if let lengthText = request.header("Content-Length") {
      guard let length = Int(lengthText), length >= 0, length <= Self.maxBodyBytes else {
        return .malformed("bad Content-Length")
      }
      guard let body = readExactly(length) else { return .closed }
      request.body = body
    }
    return .request(ReceivedRequest(request: request, keepAlive: keepAlive))
  }

  /// Splits a request target into a decoded path and decoded query pairs.
  static func splitTarget(_ target: Substring) -> (String, [(name: String, value: String)]) {
    var target = target
    if let scheme = target.range(of: "://") {
      let afterAuthority = target[scheme.upperBound...].firstIndex(of: "/") ?? target.endIndex
      target = target[afterAuthority...]
      if target.isEmpty { target = "/" }
    }
    let pathEnd = target.firstIndex { $0 == "?" || $0 == "#" } ?? target.endIndex
    let path = QueryString.percentDecode(target[..<pathEnd], plusIsSpace: false)
    guard pathEnd < target.endIndex, target[pathEnd] == "?" else { return (path, []) }
    var query = target[target.index(after: pathEnd)...]
    if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
    return (path, QueryString.decode(query))
  }

  /// Finds the blank line ending the head; `scanned` counts bytes after `start` already seen.
  private func findHeadEnd(scanned: inout Int) -> (end: Int, bodyStart: Int)? {
    var index = start + scanned
    while index < buffer.count {
      if buffer[index] == 0x0A {
        if index + 1 < buffer.count, buffer[index + 1] == 0x0A {
          return (index + 1, index + 2)
        }
        if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A {
          return (index + 1, index + 3)
        }
        if index + 2 >= buffer.count {
          scanned = index - start
          return nil
        }
      }
      index += 1
    }
    scanned = index - start
    return nil
  }

  private func readExactly(_ count: Int) -> Data? {
    while buffer.count - start < count {
      guard fill() else { return nil }
    }
    let body = Data(buffer[start..<(start + count)])
    start += count
    return body
  }

  private func readLine() -> Substring? {
    while true {
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[start..<newline], as: UTF8.self)
        start = newline + 1
        return Substring(line.hasSuffix("\r") ? String(line.dropLast()) : line)
      }
      if buffer.count - start > Self.maxHeadBytes { return nil }
      guard fill() else { return nil }
    }
  }

  private func readChunkedBody() -> Data? {
    var body = Data()
    while true {
      guard let sizeLine = readLine() else { return nil }
      let sizeText = sizeLine.split(separator: ";").first ?? ""
      guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0,
        body.count + size <= Self.maxBodyBytes
      else { return nil }
      if size == 0 {
        while let trailer = readLine(), !trailer.isEmpty {}
        return body
      }
      guard let part = readExactly(size), readLine() != nil else { return nil }
      body.append(part)
    }
  }

  /// Reads more bytes into the buffer; `false` when the peer has gone.
  private func fill() -> Bool {
    if start > 0, start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    } else if start > 64 * 1024 {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    guard let count = Socket.receive(fd, into: &chunk) else { return false }
    buffer.append(contentsOf: chunk[0..<count])
    return true
  }
}
