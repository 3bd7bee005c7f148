import Foundation
import NIOCore
import NIOHTTP1

/// Serves the requests of one connection, as parts decoded by NIOHTTP1.
///
/// Admin requests are answered at once; others are journaled, then faulted or passed to the
/// server's handlers, whose `async` work runs on this connection's event loop (see
/// ``EventLoopTaskExecutor``). NIO's pipelining handler holds the next request back until the
/// current response has ended, so responses leave in order.
final class ConnectionHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  /// One request and how to answer it.
  struct Exchange {
    /// The request.
    var request: MockRequest
    /// Whether the client wants the connection kept open after the response.
    var keepAlive: Bool
    /// Whether the response goes without a body (`HEAD`).
    var isHead: Bool { request.method == "HEAD" }
  }

  /// The largest request body accepted; a larger one is answered 413 and the connection closed.
  static let maxBodyBytes = 16 * 1024 * 1024

  /// Headers the server writes itself, ignored when a handler sets them.
  static let framingHeaders: Set<String> = ["content-length", "connection", "transfer-encoding"]

  let server: MockHTTPServer
  let connection: Int
  private var head: HTTPRequestHead?
  private var body = ByteBuffer()
  /// A delay fault's response, waiting on the event loop.
  var scheduledResponse: Scheduled<Void>?
  /// Whether the channel is still open; work finishing later checks it before writing.
  var isActive = true
  /// Whether a request is being answered.
  private var isResponding = false
  /// Whether the client has closed its side: the connection closes once it is answered.
  private var isInputClosed = false
  /// The end of the last response sent; the connection closes after it, never before.
  private var lastSent: EventLoopFuture<Void>?

  /// Creates the handler for connection number `connection` (from 1) of `server`.
  init(server: MockHTTPServer, connection: Int) {
    self.server = server
    self.connection = connection
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let received):
      head = received
      body.clear()
      if received.headers["Expect"].contains(where: { $0.lowercased() == "100-continue" }) {
        let proceed = HTTPResponseHead(version: .http1_1, status: .continue)
        context.writeAndFlush(wrapOutboundOut(.head(proceed)), promise: nil)
      }
    case .body(var part):
      guard head != nil else { return }
      guard body.readableBytes + part.readableBytes <= Self.maxBodyBytes else {
        head = nil
        body.clear()
        let response = ResponseEncoding.json(["error": "request body too large"], status: 413)
        send(response, keepAlive: false, isHead: false, context: context)
        return
      }
      body.writeBuffer(&part)
    case .end:
      guard let received = head else { return }
      head = nil
      let request = MockRequest(head: received, body: Data(body.readableBytesView))
      body.clear()
      serve(Exchange(request: request, keepAlive: received.isKeepAlive), context: context)
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    isActive = false
    scheduledResponse?.cancel()
    scheduledResponse = nil
    context.fireChannelInactive()
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard case ChannelEvent.inputClosed = event else {
      context.fireUserInboundEventTriggered(event)
      return
    }
    // A client may send its request and then shut its side down; it still gets the answer.
    isInputClosed = true
    guard !isResponding else { return }
    guard let lastSent else {
      context.close(promise: nil)
      return
    }
    lastSent.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // A malformed request (NIO's protocol error handler has answered it with 400) or a failed
    // socket: either way the connection is done.
    context.close(promise: nil)
  }

  private func serve(_ exchange: Exchange, context: ChannelHandlerContext) {
    isResponding = true
    server.countRequest()
    let request = exchange.request
    if request.path == "/__admin" || request.path.hasPrefix("/__admin/") {
      send(server.adminResponse(to: request), for: exchange, context: context)
      return
    }
    let fault = server.faults.fault(forPath: request.path)
    server.journal.record(request, connection: connection, fault: fault)
    if let fault {
      apply(fault.kind, to: exchange, context: context)
    } else {
      respond(to: exchange, context: context)
    }
  }

  /// Sends the handlers' response to a request.
  func respond(to exchange: Exchange, context: ChannelHandlerContext) {
    withHandlerResponse(to: exchange, context: context) { response in
      self.send(response, for: exchange, context: context)
    }
  }

  /// Asks the handlers for their response, then runs `body` with it on the event loop, unless
  /// the connection has closed meanwhile.
  func withHandlerResponse(
    to exchange: Exchange,
    context: ChannelHandlerContext,
    _ body: @escaping (MockResponse) -> Void
  ) {
    server.handlerResponse(to: exchange.request, on: context.eventLoop)
      .assumeIsolated()
      .whenSuccess { response in
        guard self.isActive else { return }
        body(response)
      }
  }

  /// Sends a whole response, framed by `Content-Length`, and closes the connection afterwards
  /// unless it is kept alive.
  func send(_ response: MockResponse, for exchange: Exchange, context: ChannelHandlerContext) {
    send(response, keepAlive: exchange.keepAlive, isHead: exchange.isHead, context: context)
  }

  private func send(
    _ response: MockResponse,
    keepAlive: Bool,
    isHead: Bool,
    context: ChannelHandlerContext
  ) {
    let head = Self.head(of: response, contentLength: response.body.count, keepAlive: keepAlive)
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    if !isHead, !response.body.isEmpty {
      let bytes = context.channel.allocator.buffer(bytes: response.body)
      context.write(wrapOutboundOut(.body(.byteBuffer(bytes))), promise: nil)
    }
    // Ending the response lets NIO deliver a pipelined request (or the client's half-close)
    // at once, inside this write: the state says so before it.
    let sent = context.eventLoop.makePromise(of: Void.self)
    lastSent = sent.futureResult
    isResponding = false
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: sent)
    guard !keepAlive || (isInputClosed && !isResponding) else { return }
    sent.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
  }

  /// The status line and headers of a response.
  ///
  /// - Parameters:
  ///   - response: The response whose status and headers to send.
  ///   - contentLength: The `Content-Length` to announce, or `nil` for none.
  ///   - keepAlive: Whether to announce `Connection: keep-alive` rather than `close`.
  static func head(
    of response: MockResponse,
    contentLength: Int?,
    keepAlive: Bool
  ) -> HTTPResponseHead {
    var headers = HTTPHeaders()
    for (name, value) in response.headers where !framingHeaders.contains(name.lowercased()) {
      headers.add(name: name, value: value)
    }
    if let contentLength { headers.add(name: "Content-Length", value: String(contentLength)) }
    headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
    return HTTPResponseHead(
      version: .http1_1,
      status: HTTPResponseStatus(statusCode: response.status),
      headers: headers
    )
  }
}
