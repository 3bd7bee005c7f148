import NIOCore

/// Fails a connection on which nothing arrives within a time of its being made.
///
/// gpsd greets every client at once with its `VERSION` report, so a peer that stays silent is
/// not a gpsd, or one that hangs: the handler fires ``GPSDConnectionError/Kind/noAnswer`` down
/// the pipeline and closes the channel. Only the first bytes are waited for: once gpsd has
/// spoken it may stay quiet for as long as it likes (a gpsd with no receiver attached does).
final class GPSDAnswerTimeoutHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private let timeout: TimeAmount
  private var deadline: Scheduled<Void>?
  private var hasAnswered = false

  /// Creates a handler.
  ///
  /// - Parameter timeout: How long the peer may take to send its first bytes, counted from
  ///   when the connection is made.
  init(timeout: TimeAmount) {
    self.timeout = timeout
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { startWaiting(context) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    stopWaiting()
  }

  func channelActive(context: ChannelHandlerContext) {
    startWaiting(context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    stopWaiting()
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    hasAnswered = true
    stopWaiting()
    context.fireChannelRead(data)
  }

  private func startWaiting(_ context: ChannelHandlerContext) {
    guard deadline == nil, !hasAnswered else { return }
    let timeout = timeout
    deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
      let error = GPSDConnectionError(
        .noAnswer,
        reason: "nothing arrived within \(Duration(timeout).secondsText) s of connecting"
      )
      context.fireErrorCaught(error)
      context.close(promise: nil)
    }
  }

  private func stopWaiting() {
    deadline?.cancel()
    deadline = nil
  }
}
