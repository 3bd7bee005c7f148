import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// An HTTP/1.1 server on SwiftNIO for tests, benchmarks and `mock-places`.
///
/// It binds `host` (default `127.0.0.1`) and `port` (default 0: the kernel picks one, read it
/// from ``port`` or ``url`` once started) and keeps connections alive. Its channels run on
/// NIOPosix's shared event loop group (`MultiThreadedEventLoopGroup.singleton`), so a server owns
/// no thread; NIOHTTP1 parses requests and answers a malformed one with 400. A request goes to:
/// 1. the admin endpoints under `/__admin/` (never faulted, never journaled; see
///    ``MockHTTPServer/adminPaths``);
/// 2. otherwise it is recorded in ``journal``, and the first ``faults`` rule that fires (if any)
///    decides what happens;
/// 3. the ``handlers`` in order: the first non-`nil` response is sent;
/// 4. otherwise a 404 with a JSON body.
///
/// Start and stop it with ``start()`` and ``stop()`` from synchronous code, and with
/// ``startListening()`` and ``shutdown()`` (or ``whileListening(isolation:_:)`` around a body)
/// from asynchronous code, which must not block its thread.
///
/// ```swift
/// let server = MockHTTPServer(handlers: [MyHandler()], faults: [try FaultRule(parsing: "empty@next:1")])
/// try server.start()
/// defer { server.stop() }
/// let url = server.url.appending(path: "/maps/api/place/nearbysearch/json")
/// ```
///
/// Plain SwiftNIO rather than Hummingbird: the project takes Hummingbird only where its router
/// earns its build time, and this server routes a handful of admin paths with a `switch` and
/// everything else to a list of handlers, which needs no router.
public final class MockHTTPServer: Sendable {
  /// The host name or address the server listens on.
  public let host: String
  /// The handlers asked in order for every non-admin request.
  public let handlers: [any MockHandler]
  /// Every non-admin request received, credentials redacted.
  public let journal: RequestJournal
  /// The fault rules in force; editable while running.
  public let faults: FaultSchedule

  private enum Phase {
    case idle
    case starting
    case running(any Channel)
    case stopped
  }

  private struct State {
    var phase = Phase.idle
    var port: UInt16 = 0
    var accepted = 0
    var open: [ObjectIdentifier: any Channel] = [:]
  }

  private let requestedPort: UInt16
  private let state = Mutex(State())
  private let requests = Atomic(0)

  /// Creates a server; nothing is bound until it starts.
  ///
  /// - Parameters:
  ///   - host: The address or name to listen on. Defaults to `127.0.0.1`.
  ///   - port: The port, or 0 to let the kernel choose.
  ///   - handlers: The handlers asked in order for non-admin requests.
  ///   - faults: Fault rules in force from the start.
  public init(
    host: String = "127.0.0.1",
    port: UInt16 = 0,
    handlers: [any MockHandler] = [],
    faults: [FaultRule] = []
  ) {
    self.host = host
    self.requestedPort = port
    self.handlers = handlers
    self.journal = RequestJournal()
    self.faults = FaultSchedule(faults)
  }

  deinit {
    stop()
  }

  /// The bound port (0 before the server starts).
  public var port: UInt16 { state.withLock { $0.port } }

  /// The base URL, such as `http://127.0.0.1:49152` (IPv6 hosts in brackets).
  public var url: URL {
    let hostPart = host.contains(":") ? "[\(host)]" : host
    return URL(string: "http://\(hostPart):\(port)")!
  }

  /// How many connections the server has accepted since it started.
  public var connectionCount: Int { state.withLock { $0.accepted } }

  /// How many connections are open now.
  public var openConnectionCount: Int { state.withLock { $0.open.count } }

  /// How many requests (admin ones included) the server has answered or faulted.
  public var requestCount: Int { requests.load(ordering: .relaxed) }

  /// Binds and starts accepting connections, blocking the calling thread until it listens.
  ///
  /// For synchronous callers; asynchronous code calls ``startListening()``.
  ///
  /// - Throws: ``MockServerError`` when the address cannot be bound or the server was started.
  public func start() throws(MockServerError) {
    try beginStarting()
    let bound = Result { try makeBootstrap().bind(host: host, port: Int(requestedPort)).wait() }
    try finishStarting(bound)
  }

  /// Binds and starts accepting connections.
  ///
  /// - Throws: ``MockServerError`` when the address cannot be bound or the server was started.
  public func startListening() async throws(MockServerError) {
    try beginStarting()
    let bound: Result<any Channel, any Error>
    do {
      bound = .success(try await makeBootstrap().bind(host: host, port: Int(requestedPort)).get())
    } catch {
      bound = .failure(error)
    }
    try finishStarting(bound)
  }

  /// Stops listening and closes every connection, blocking until they are closed.
  ///
  /// Requests waiting in a delay fault are abandoned. Safe to call more than once. For
  /// synchronous callers (and `defer`); asynchronous code may call ``shutdown()``.
  public func stop() {
    let channels = beginStopping()
    for channel in channels { channel.close(promise: nil) }
    // A channel's own event loop must never block on it; from anywhere else, wait.
    if MultiThreadedEventLoopGroup.currentEventLoop == nil {
      for channel in channels { try? channel.closeFuture.wait() }
    }
    finishStopping()
  }

  /// Stops listening and closes every connection.
  ///
  /// Requests waiting in a delay fault are abandoned. Safe to call more than once.
  public func shutdown() async {
    let channels = beginStopping()
    for channel in channels { channel.close(promise: nil) }
    for channel in channels { try? await channel.closeFuture.get() }
    finishStopping()
  }

  /// Starts listening, runs `body`, and shuts down however `body` ends.
  ///
  /// What an asynchronous test uses in place of ``start()`` and a deferred ``stop()``: no
  /// thread blocks, and the server stops even when `body` throws.
  ///
  /// - Parameters:
  ///   - isolation: The actor `body` runs on: the caller's.
  ///   - body: What to do while the server listens.
  /// - Returns: What `body` returns.
  /// - Throws: ``MockServerError`` when the server cannot start; otherwise what `body` throws.
  public func whileListening<Value>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Value
  ) async throws -> Value {
    try await startListening()
    let result: Result<Value, any Error>
    do {
      result = .success(try await body())
    } catch {
      result = .failure(error)
    }
    await shutdown()
    return try result.get()
  }

  /// Counts one request.
  func countRequest() {
    requests.add(1, ordering: .relaxed)
  }

  private func makeBootstrap() -> ServerBootstrap {
    ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(ChannelOptions.backlog, value: 128)
      .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
      .childChannelOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)
      .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
      .childChannelInitializer { [self] channel in
        channel.eventLoop.makeCompletedFuture { try configure(channel) }
      }
  }

  /// Counts a new connection and sets up its pipeline; refuses it once the server is stopping.
  private func configure(_ channel: any Channel) throws {
    guard let number = register(channel) else { throw ChannelError.ioOnClosedChannel }
    try addConnectionHandlers(to: channel.pipeline.syncOperations, connection: number)
  }

  /// Sets up a connection's pipeline: wire faults at the socket end, NIO's HTTP/1.1 server
  /// handlers (which answer malformed requests with 400), then this server's request handling.
  ///
  /// - Parameters:
  ///   - pipeline: The pipeline of a new connection, on its event loop.
  ///   - connection: The connection's number, from 1, as the journal records it.
  func addConnectionHandlers(
    to pipeline: ChannelPipeline.SynchronousOperations,
    connection: Int
  ) throws {
    try pipeline.addHandler(WireFaultHandler())
    // The server frames responses itself: a truncation fault must be able to send none.
    var encoder = HTTPResponseEncoder.Configuration()
    encoder.automaticallySetFramingHeaders = false
    try pipeline.configureHTTPServerPipeline(withEncoderConfiguration: encoder)
    try pipeline.addHandler(ConnectionHandler(server: self, connection: connection))
  }

  /// Records an accepted connection; `nil` when the server is no longer running.
  private func register(_ channel: any Channel) -> Int? {
    let number = state.withLock { state -> Int? in
      guard case .running = state.phase else { return nil }
      state.accepted += 1
      state.open[ObjectIdentifier(channel)] = channel
      return state.accepted
    }
    guard let number else { return nil }
    channel.closeFuture.whenComplete { [self] _ in
      _ = state.withLock { $0.open.removeValue(forKey: ObjectIdentifier(channel)) }
    }
    return number
  }

  private func beginStarting() throws(MockServerError) {
    try state.withLock { state throws(MockServerError) in
      guard case .idle = state.phase else { throw .notStartable }
      state.phase = .starting
    }
  }

  private func finishStarting(_ bound: Result<any Channel, any Error>) throws(MockServerError) {
    let channel: any Channel
    switch bound {
    case .success(let listener):
      channel = listener
    case .failure(let error):
      state.withLock { $0.phase = .idle }
      throw MockServerError(binding: error, host: host, port: requestedPort)
    }
    let port = UInt16(clamping: channel.localAddress?.port ?? 0)
    let isRunning = state.withLock { state -> Bool in
      guard case .starting = state.phase else { return false }
      state.phase = .running(channel)
      state.port = port
      return true
    }
    guard isRunning else {
      channel.close(promise: nil)
      throw .notStartable
    }
  }

  /// Marks the server stopped; returns the listener and the open connections to close.
  private func beginStopping() -> [any Channel] {
    state.withLock { state -> [any Channel] in
      defer { state.phase = .stopped }
      guard case .running(let listener) = state.phase else { return [] }
      return [listener] + state.open.values
    }
  }

  private func finishStopping() {
    state.withLock { $0.open.removeAll() }
  }
}
