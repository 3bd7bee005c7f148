import ForageHTTP
import Foundation
import NIOCore
import NIOHTTP1

extension ConnectionHandler {
  /// Carries out a fault for one request.
  ///
  /// Waits are tasks scheduled on the connection's event loop, cancelled when it closes; the
  /// faults that are not well-formed HTTP go to the ``WireFaultHandler`` at the socket end.
  func apply(_ fault: FaultKind, to exchange: Exchange, context: ChannelHandlerContext) {
    switch fault {
    case .delay(let milliseconds):
      scheduledResponse = context.eventLoop.assumeIsolated().scheduleTask(
        in: .milliseconds(Int64(milliseconds))
      ) {
        self.scheduledResponse = nil
        self.respond(to: exchange, context: context)
      }
    case .dribble(let pauseMilliseconds, let chunkBytes):
      withHandlerResponse(to: exchange, context: context) { response in
        let dribble = WireFaultHandler.Fault.dribble(
          pause: .milliseconds(Int64(pauseMilliseconds)),
          chunkBytes: chunkBytes
        )
        context.triggerUserOutboundEvent(dribble, promise: nil)
        self.send(response, for: exchange, context: context)
        context.triggerUserOutboundEvent(WireFaultHandler.Fault.endDribble, promise: nil)
      }
    case .status(let code, let retryAfter):
      var response = ResponseEncoding.json(
        ["error_message": "mock fault: HTTP \(code)", "status": "MOCK_FAULT"],
        status: code
      )
      if let retryAfter { response.headers.append(("Retry-After", Self.format(retryAfter))) }
      send(response, for: exchange, context: context)
    case .overQueryLimit, .unknownError:
      let status = fault == .overQueryLimit ? "OVER_QUERY_LIMIT" : "UNKNOWN_ERROR"
      let response = ResponseEncoding.json(
        PlacesErrorBody(status: status, errorMessage: "mock fault: \(status)")
      )
      send(response, for: exchange, context: context)
    case .connectionReset:
      reset(context: context)
    case .emptyReply:
      context.close(promise: nil)
    case .garbage:
      let bytes = context.channel.allocator.buffer(bytes: MockHTTPServer.garbageBytes)
      let sent = context.eventLoop.makePromise(of: Void.self)
      context.triggerUserOutboundEvent(WireFaultHandler.Fault.raw(bytes), promise: sent)
      sent.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    case .truncated(let mode):
      withHandlerResponse(to: exchange, context: context) { response in
        self.sendTruncated(response, mode: mode, isHead: exchange.isHead, context: context)
      }
    case .remark, .syntaxError:
      let response =
        fault == .remark
        ? OverpassBody.timeoutRemark()
        : OverpassBody.syntaxErrorPage(
          OverpassSyntaxError(line: 1, message: "parse error: mock fault: syntax-error")
        )
      send(response, for: exchange, context: context)
    case .html:
      let response = MockResponse(
        status: 200,
        headers: [("Content-Type", "text/html; charset=UTF-8")],
        body: Data(
          "<!DOCTYPE html>\n<html><head><title>Error</title></head><body><h1>Service error</h1><p>mock fault: html</p></body></html>\n"
            .utf8
        )
      )
      send(response, for: exchange, context: context)
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

  /// Closes the connection with a TCP reset: `SO_LINGER` with a zero timeout, then close.
  private func reset(context: ChannelHandlerContext) {
    guard let socket = context.channel as? any SocketOptionProvider else {
      context.close(promise: nil)
      return
    }
    socket.setSoLinger(linger(l_onoff: 1, l_linger: 0))
      .assumeIsolated()
      .whenComplete { _ in context.close(promise: nil) }
  }

  /// Sends the head and the first half of the body, then closes: with `.length` the head
  /// announces the whole body's length; with `.close` it announces none.
  private func sendTruncated(
    _ response: MockResponse,
    mode: FaultKind.TruncationMode,
    isHead: Bool,
    context: ChannelHandlerContext
  ) {
    let length = mode == .length ? response.body.count : nil
    let head = Self.head(of: response, contentLength: length, keepAlive: false)
    var sent = context.write(wrapOutboundOut(.head(head)))
    if !isHead {
      let half = response.body.prefix(response.body.count / 2)
      let bytes = context.channel.allocator.buffer(bytes: half)
      sent = context.write(wrapOutboundOut(.body(.byteBuffer(bytes))))
    }
    // No `.end`: the response stops short, and closing ends it.
    context.flush()
    sent.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
  }
}

extension MockHTTPServer {
  /// Bytes that are not HTTP: what `garbage` sends before closing.
  static let garbageBytes: [UInt8] =
    [0x00, 0xFF, 0x13, 0x37] + Array("\u{1}\u{2}garbage \u{7f}not-http\r\n\u{0}".utf8)
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
