import NIOCore
import NIOPosix

/// Opens TCP connections to gpsd on SwiftNIO, each an async channel of bounded lines.
///
/// A connection's pipeline: ``GPSDAnswerTimeoutHandler`` (the peer must speak soon after the
/// first command), ``GPSDLineDecoder`` (lines of at most a limit), and the
/// `NIOAsyncChannel` that hands the lines to async code with back-pressure: the channel reads
/// no more while its reader has a few lines waiting, so a peer that floods cannot fill memory
/// either.
enum GPSDConnection {
  /// A connection: gpsd's lines in, commands out.
  typealias AsyncChannel = NIOAsyncChannel<GPSDLine, ByteBuffer>

  /// Resolves the endpoint and connects to the first address that answers.
  ///
  /// - Parameters:
  ///   - endpoint: gpsd's host and port.
  ///   - connectTimeout: The longest resolving and connecting may take.
  ///   - answerTimeout: How long gpsd may take to send its first bytes once asked.
  ///   - lineLimit: The longest line kept, in bytes.
  ///   - group: The event loops the connection runs on.
  /// - Returns: The connection, to be used in its `executeThenClose`.
  /// - Throws: ``GPSDConnectionError``: the host does not resolve, or no address accepts in time.
  static func connect(
    to endpoint: GPSDEndpoint,
    connectTimeout: Duration,
    answerTimeout: Duration,
    lineLimit: Int,
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  ) async throws(GPSDConnectionError) -> AsyncChannel {
    do {
      return try await ClientBootstrap(group: group)
        .connectTimeout(TimeAmount(connectTimeout))
        .connect(host: endpoint.host, port: endpoint.port) { channel in
          channel.eventLoop.makeCompletedFuture {
            let handlers = channel.pipeline.syncOperations
            try handlers.addHandler(GPSDAnswerTimeoutHandler(timeout: TimeAmount(answerTimeout)))
            try handlers.addHandler(GPSDLineDecoder.makeHandler(limit: lineLimit))
            return try AsyncChannel(wrappingChannelSynchronously: channel)
          }
        }
    } catch {
      throw GPSDConnectionError(connecting: error)
    }
  }
}
