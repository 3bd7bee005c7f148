import ForageHTTP
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension MockHTTPServer {
  /// Bytes that are not HTTP: what `garbage` sends before closing.
  static let garbageBytes: [UInt8] =
    [0x00, 0xFF, 0x13, 0x37] + Array("\u{1}\u{2}garbage \u{7f}not-http\r\n\u{0}".utf8)

  /// Carries out a fault for one request; returns whether the connection may carry another.
  func apply(
    _ fault: FaultKind,
    to received: ReceivedRequest,
    on fd: Int32,
    executor: ConnectionExecutor
  ) -> Bool {
    let keepAlive = received.keepAlive
    let isHead = received.request.method == "HEAD"
    switch fault {
    case .delay(let milliseconds):
      guard pause(milliseconds: milliseconds) else { return false }
      let response = handlerResponse(to: received.request, executor: executor)
      return Socket.sendAll(
        fd,
        ResponseEncoding.bytes(response, keepAlive: keepAlive, isHead: isHead)
      )
    case .dribble(let pauseMilliseconds, let chunkBytes):
      let response = handlerResponse(to: received.request, executor: executor)
      let bytes = ResponseEncoding.bytes(response, keepAlive: keepAlive, isHead: isHead)
      var offset = 0
      while offset < bytes.count {
        guard pause(milliseconds: pauseMilliseconds) else { return false }
        let end = min(offset + chunkBytes, bytes.count)
        guard Socket.sendAll(fd, Array(bytes[offset..<end])) else { return false }
        offset = end
      }
      return keepAlive
    case .status(let code, let retryAfter):
      var response = ResponseEncoding.json(
        ["error_message": "mock fault: HTTP \(code)", "status": "MOCK_FAULT"],
        status: code
      )
      if let retryAfter { response.headers.append(("Retry-After", Self.format(retryAfter))) }
      return Socket.sendAll(
        fd,
        ResponseEncoding.bytes(response, keepAlive: keepAlive, isHead: isHead)
      )
    case .overQueryLimit, .unknownError:
      let status = fault == .overQueryLimit ? "OVER_QUERY_LIMIT" : "UNKNOWN_ERROR"
      let response = ResponseEncoding.json(
        PlacesErrorBody(status: status, errorMessage: "mock fault: \(status)")
      )
      return Socket.sendAll(
        fd,
        ResponseEncoding.bytes(response, keepAlive: keepAlive, isHead: isHead)
      )
    case .connectionReset:
      Socket.armReset(fd)
      return false
    case .emptyReply:
      return false
    case .garbage:
      Socket.sendAll(fd, Self.garbageBytes)
      return false
    case .truncated(let mode):
      let response = handlerResponse(to: received.request, executor: executor)
      let half = Array(response.body.prefix(response.body.count / 2))
      let length = mode == .length ? response.body.count : nil
      Socket.sendAll(fd, ResponseEncoding.head(response, contentLength: length, keepAlive: false))
      if !isHead { Socket.sendAll(fd, half) }
      return false
    case .remark, .syntaxError:
      let response =
        fault == .remark
        ? OverpassBody.timeoutRemark()
        : OverpassBody.syntaxErrorPage(
          OverpassSyntaxError(line: 1, message: "parse error: mock fault: syntax-error")
        )
      return Socket.sendAll(
        fd,
        ResponseEncoding.bytes(response, keepAlive: keepAlive, isHead: isHead)
      )
    case .html:
      let response = MockResponse(
        status: 200,
        headers: [("Content-Type", "text/html; charset=UTF-8")],
        body: Data(
          "<!DOCTYPE html>\n<html><head><title>Error</title></head><body><h1>Service error</h1><p>mock fault: html</p></body></html>\n"
            .utf8
        )
      )
      return Socket.sendAll(
        fd,
        ResponseEncoding.bytes(response, keepAlive: keepAlive, isHead: isHead)
      )
    }
  }

  /// A `Retry-After` header value.
  static func format(_ retryAfter: FaultKind.RetryAfter) -> String {
    switch retryAfter {
    case .seconds(let seconds):
      return String(seconds)
    case .dateAfter(let seconds):
      return RetryAfter.httpDate(Date(timeIntervalSinceNow: Double(seconds)))
    }
  }
}

/// The body of a Places error answered with HTTP 200.
private struct PlacesErrorBody: Encodable {
  var htmlAttributions: [String] = []
  var results: [String] = []
  var status: String
  var errorMessage: String

  init(status: String, errorMessage: String) {
    self.status = status
    self.errorMessage = errorMessage
  }

  enum CodingKeys: String, CodingKey {
    case htmlAttributions = "html_attributions"
    case results
    case status
    case errorMessage = "error_message"
  }
}
