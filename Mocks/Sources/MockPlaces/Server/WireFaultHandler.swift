import NIOCore

/// Carries out, at the socket end of a connection's pipeline, the faults HTTP encoding cannot
/// express: bytes that are not HTTP, and a response dribbled a few bytes at a time.
///
/// Handlers further from the socket send it a ``Fault`` as a user outbound event. Otherwise it
/// passes writes through untouched. While dribbling, it holds the bytes written and sends them
/// in pieces, each after a pause scheduled on the event loop; writes made meanwhile wait their
/// turn, so bytes leave in order.
final class WireFaultHandler: ChannelOutboundHandler, RemovableChannelHandler {
  typealias OutboundIn = IOData
  typealias OutboundOut = IOData

  /// What a handler asks of the wire.
  enum Fault {
    /// Sends these bytes as they are, in order with the writes before them.
    case raw(ByteBuffer)
    /// Dribbles the bytes written from now on: `chunkBytes` at a time, each after `pause`.
    case dribble(pause: TimeAmount, chunkBytes: Int)
    /// Stops dribbling the bytes written from now on.
    case endDribble
  }

  /// How bytes are dribbled.
  private struct Dribble {
    var pause: TimeAmount
    var chunkBytes: Int
  }

  /// A write held back, and how it is to be sent.
  private struct Held {
    var data: IOData
    var promise: EventLoopPromise<Void>?
    var dribble: Dribble?
  }

  private var dribble: Dribble?
  private var held = CircularBuffer<Held>()
  private var nextPiece: Scheduled<Void>?

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard dribble != nil || !held.isEmpty else {
      context.write(data, promise: promise)
      return
    }
    let data = unwrapOutboundIn(data)
    // Only bytes are dribbled; anything else waits its turn and leaves whole.
    let isBytes = if case .byteBuffer = data { true } else { false }
    held.append(Held(data: data, promise: promise, dribble: isBytes ? dribble : nil))
  }

  func flush(context: ChannelHandlerContext) {
    if held.isEmpty {
      context.flush()
    } else {
      drain(context: context)
    }
  }

  func triggerUserOutboundEvent(
    context: ChannelHandlerContext,
    event: Any,
    promise: EventLoopPromise<Void>?
  ) {
    guard let fault = event as? Fault else {
      context.triggerUserOutboundEvent(event, promise: promise)
      return
    }
    switch fault {
    case .raw(let bytes):
      write(context: context, data: wrapOutboundOut(.byteBuffer(bytes)), promise: promise)
      flush(context: context)
    case .dribble(let pause, let chunkBytes):
      dribble = Dribble(pause: pause, chunkBytes: max(1, chunkBytes))
      promise?.succeed()
    case .endDribble:
      dribble = nil
      promise?.succeed()
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    nextPiece?.cancel()
    nextPiece = nil
    while let abandoned = held.popFirst() {
      abandoned.promise?.fail(ChannelError.ioOnClosedChannel)
    }
  }

  /// Sends what is held: plain writes at once, dribbled bytes a piece per pause.
  private func drain(context: ChannelHandlerContext) {
    guard nextPiece == nil else { return }
    while let first = held.first {
      guard let dribble = first.dribble, first.data.readableBytes > 0 else {
        held.removeFirst()
        context.write(wrapOutboundOut(first.data), promise: first.promise)
        continue
      }
      nextPiece = context.eventLoop.assumeIsolated().scheduleTask(in: dribble.pause) {
        self.nextPiece = nil
        self.sendPiece(of: dribble.chunkBytes, context: context)
        self.drain(context: context)
      }
      break
    }
    context.flush()
  }

  /// Sends up to `size` of the dribbled bytes at the front, across writes.
  private func sendPiece(of size: Int, context: ChannelHandlerContext) {
    var piece = context.channel.allocator.buffer(capacity: size)
    var completed: [EventLoopPromise<Void>] = []
    while piece.readableBytes < size, var first = held.first, first.dribble != nil,
      case .byteBuffer(var bytes) = first.data
    {
      var slice = bytes.readSlice(length: min(size - piece.readableBytes, bytes.readableBytes))!
      piece.writeBuffer(&slice)
      guard bytes.readableBytes == 0 else {
        first.data = .byteBuffer(bytes)
        held[held.startIndex] = first
        break
      }
      held.removeFirst()
      if let promise = first.promise { completed.append(promise) }
    }
    let written = context.eventLoop.makePromise(of: Void.self)
    context.writeAndFlush(wrapOutboundOut(.byteBuffer(piece)), promise: written)
    written.futureResult.assumeIsolated().whenComplete { result in
      for promise in completed { promise.completeWith(result) }
    }
  }
}
