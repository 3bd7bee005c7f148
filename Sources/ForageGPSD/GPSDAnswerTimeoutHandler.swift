import NIOCore

/// Fails a connection on which nothing arrives within a time of the first command sent on it.
///
/// gpsd greets every client with its `VERSION` report and answers `?WATCH` at once, so a peer
/// that stays silent is not a gpsd, or one that hangs: the handler fires
/// ``GPSDConnectionError/Kind/noAnswer`` down the pipeline and closes the channel. The wait
/// starts when the command is written, not when the connection is made, so a client whose own
/// task is slow to send it is not taken for a silent peer. Only the first bytes are waited for:
/// once gpsd has spoken it may stay quiet for as long as it likes (it does with no receiver).
final class GPSDAnswerTimeoutHandler: ChannelDuplexHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private let timeout: TimeAmount
  private var deadline: Scheduled<Void>?
  private var hasAnswered = false

  /// Creates a handler.
  ///
  /// - Parameter timeout: How long the peer may take to send its first bytes, counted from
  ///   the first write.
  init(timeout: TimeAmount) {
    self.timeout = timeout
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    stopWaiting()
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

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    context.write(data, promise: promise)
    startWaiting(context)
  }

  private func startWaiting(_ context: ChannelHandlerContext) {
    guard deadline == nil, !hasAnswered, context.channel.isActive else { return }
    let timeout = timeout
    deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
      let error = GPSDConnectionError(
        .noAnswer,
        reason: "nothing came back within \(Duration(timeout).secondsText) s of the first command"
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
