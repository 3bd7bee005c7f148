import NIOCore

/// Completes a promise when the first byte arrives on the signal pipe (or the pipe ends).
final class SignalPipeHandler: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer

  private let signalled: EventLoopPromise<Void>
  private var isSignalled = false

  /// Creates the handler; `signalled` succeeds once, at the first byte.
  init(_ signalled: EventLoopPromise<Void>) {
    self.signalled = signalled
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    signal()
  }

  func channelInactive(context: ChannelHandlerContext) {
    signal()
    context.fireChannelInactive()
  }

  private func signal() {
    guard !isSignalled else { return }
    isSignalled = true
    signalled.succeed()
  }
}
