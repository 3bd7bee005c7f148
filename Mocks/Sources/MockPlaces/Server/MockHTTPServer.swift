import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An HTTP/1.1 server on POSIX sockets for tests, benchmarks and `mock-places`.
///
/// It binds `host` (default `127.0.0.1`) and `port` (default 0: the kernel picks one, read it
/// from ``port`` or ``url`` after ``start()``), keeps connections alive, and serves each
/// connection on its own thread. A request goes to:
/// 1. the admin endpoints under `/__admin/` (never faulted, never journaled; see
///    ``MockHTTPServer/adminPaths``);
/// 2. otherwise it is recorded in ``journal``, and the first ``faults`` rule that fires (if any)
///    decides what happens;
/// 3. the ``handlers`` in order: the first non-`nil` response is sent;
/// 4. otherwise a 404 with a JSON body.
///
/// ```swift
/// let server = MockHTTPServer(handlers: [MyHandler()], faults: [try FaultRule(parsing: "empty@next:1")])
/// try server.start()
/// defer { server.stop() }
/// let url = server.url.appending(path: "/maps/api/place/nearbysearch/json")
/// ```
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
    case running
    case stopped
  }

  private struct State {
    var phase = Phase.idle
    var listener: Int32 = -1
    var port: UInt16 = 0
    var accepted = 0
    var open: Set<Int32> = []
  }

  private let requestedPort: UInt16
  private let state = Mutex(State())
  // The flag and the counter every request touches are atomics, not fields under `state`:
  // Synchronization's Mutex spins, and on a loaded machine many connection threads spinning on
  // one lock cost the server half its throughput.
  private let isStopping = Atomic(false)
  private let requests = Atomic(0)
  private let stopSignal = NSCondition()
  private let threads = DispatchGroup()

  /// Creates a server; nothing is bound until ``start()``.
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

  /// The bound port (0 before ``start()``).
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

  /// Binds, listens and starts accepting connections on a background thread.
  ///
  /// - Throws: ``MockServerError`` when the address cannot be bound or the server was started.
  public func start() throws(MockServerError) {
    let result = state.withLock { state -> Result<Int32, MockServerError> in
      guard state.phase == .idle else { return .failure(.notStartable) }
      do throws(MockServerError) {
        let (fd, port) = try Socket.listen(host: host, port: requestedPort, backlog: 128)
        state.listener = fd
        state.port = port
        state.phase = .running
        return .success(fd)
      } catch {
        return .failure(error)
      }
    }
    let listener = try result.get()
    threads.enter()
    let thread = Thread { [self] in
      acceptLoop(listener)
      threads.leave()
    }
    thread.name = "mock-http-accept"
    thread.start()
  }

  /// Stops listening, closes every connection, and waits for the server's threads to end.
  ///
  /// Requests waiting in a delay fault are abandoned. Safe to call more than once.
  public func stop() {
    let wasRunning = state.withLock { state -> Bool in
      guard state.phase == .running else {
        state.phase = .stopped
        return false
      }
      state.phase = .stopped
      return true
    }
    guard wasRunning else { return }
    stopSignal.lock()
    isStopping.store(true, ordering: .releasing)
    stopSignal.broadcast()
    stopSignal.unlock()
    state.withLock { state in
      shutdown(state.listener, Int32(SHUT_RDWR))
      for fd in state.open { shutdown(fd, Int32(SHUT_RDWR)) }
    }
    threads.wait()
    // Closed only now: closing while the accept thread might still use the number is a race.
    close(state.withLock { $0.listener })
  }

  /// Waits `milliseconds` unless the server stops first.
  ///
  /// - Returns: `false` when the server is stopping.
  func pause(milliseconds: Int) -> Bool {
    let deadline = Date(timeIntervalSinceNow: Double(milliseconds) / 1000)
    stopSignal.lock()
    defer { stopSignal.unlock() }
    while !isStopping.load(ordering: .acquiring) {
      if !stopSignal.wait(until: deadline) { return true }
    }
    return false
  }

  /// Counts one request.
  func countRequest() {
    requests.add(1, ordering: .relaxed)
  }

  private func acceptLoop(_ listener: Int32) {
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if errno == EINTR || errno == ECONNABORTED { continue }
        if isStopping.load(ordering: .acquiring) { break }
        if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
          _ = pause(milliseconds: 10)
          continue
        }
        break
      }
      let number = state.withLock { state -> Int? in
        guard state.phase == .running else { return nil }
        state.accepted += 1
        state.open.insert(client)
        return state.accepted
      }
      guard let number else {
        close(client)
        break
      }
      Socket.setNoDelay(client)
      threads.enter()
      let thread = Thread { [self] in
        serve(connection: client, number: number)
        closeConnection(client)
        threads.leave()
      }
      thread.name = "mock-http-conn-\(number)"
      thread.start()
    }
  }

  private func closeConnection(_ fd: Int32) {
    state.withLock { _ = $0.open.remove(fd) }
    close(fd)
  }
}
