import NIOCore
import NIOPosix
import Synchronization

/// A peer on 127.0.0.1 port 0 that says raw bytes, on SwiftNIO: the hostile cases that
/// ``ForageTestSupport/FakeGPSD``'s lines of text cannot script.
///
/// Each connection it accepts takes the next script, in order, and plays it once the client's
/// first line (its `?WATCH` command) has arrived, so that closing never leaves the client's
/// bytes unread (which would make the close a reset). A connection beyond the last script is
/// closed at once. The client's bytes are read and dropped.
final class ScriptedGPSD: Sendable {
  /// What the peer does on one connection.
  enum Script: Sendable {
    /// Sends the bytes, then closes the connection.
    case send([UInt8])
    /// Sends nothing and keeps the connection open until the client closes it.
    case silence
    /// Sends the bytes again and again, as fast as the client reads, until the client closes.
    case flood([UInt8])
  }

  /// The port the kernel chose.
  let port: Int
  private let listener: any Channel

  private init(listener: any Channel) throws {
    guard let port = listener.localAddress?.port else { throw ChannelError.unknownLocalAddress }
    self.port = port
    self.listener = listener
  }

  /// Binds 127.0.0.1 port 0 and starts serving the scripts, one connection each.
  static func start(_ scripts: [Script]) async throws -> ScriptedGPSD {
    let queue = Scripts(scripts)
    let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(ScriptedPeer(script: queue.next()))
        }
      }
      .bind(host: "127.0.0.1", port: 0)
      .get()
    return try ScriptedGPSD(listener: listener)
  }

  /// Stops listening; connections still open end when their client closes them.
  func close() async throws {
    try await listener.close()
  }
}

/// The scripts not yet taken.
private final class Scripts: Sendable {
  private let scripts: Mutex<[ScriptedGPSD.Script]>

  init(_ scripts: [ScriptedGPSD.Script]) { self.scripts = Mutex(scripts) }

  func next() -> ScriptedGPSD.Script? {
    scripts.withLock { $0.isEmpty ? nil : $0.removeFirst() }
  }
}

/// Plays one script on one connection.
private final class ScriptedPeer: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private let script: ScriptedGPSD.Script?
  private var hasStarted = false
  private var isFlooding = false

  init(script: ScriptedGPSD.Script?) { self.script = script }

  func channelActive(context: ChannelHandlerContext) {
    context.fireChannelActive()
    if script == nil { context.close(promise: nil) }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let bytes = unwrapInboundIn(data)
    guard !hasStarted, bytes.readableBytesView.contains(UInt8(ascii: "\n")) else { return }
    hasStarted = true
    play(context)
  }

  private func play(_ context: ChannelHandlerContext) {
    switch script {
    case .send(let bytes):
      let data = wrapOutboundOut(context.channel.allocator.buffer(bytes: bytes))
      context.writeAndFlush(data).assumeIsolated().whenComplete { _ in
        context.close(promise: nil)
      }
    case .silence:
      break
    case .flood:
      isFlooding = true
      pump(context)
    case nil:
      context.close(promise: nil)
    }
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    pump(context)
    context.fireChannelWritabilityChanged()
  }

  func channelInactive(context: ChannelHandlerContext) {
    isFlooding = false
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }

  /// Writes the flood's bytes until the socket's buffer is full.
  private func pump(_ context: ChannelHandlerContext) {
    guard isFlooding, case .flood(let bytes) = script else { return }
    let chunk = context.channel.allocator.buffer(bytes: bytes)
    while isFlooding, context.channel.isActive, context.channel.isWritable {
      context.writeAndFlush(wrapOutboundOut(chunk), promise: nil)
    }
  }
}
