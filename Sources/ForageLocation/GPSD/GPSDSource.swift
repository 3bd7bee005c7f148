import ForageSupport
import ForageTracks
import Foundation
import Synchronization

/// A live fix source: a gpsd's reports over TCP, in its JSON protocol.
///
/// The source connects, sends `?WATCH={"enable":true,"json":true};` and reads one JSON object
/// a line (``GPSDReport``): `TPV` reports with a 2D or 3D fix become fixes (one per epoch: see
/// ``GPSDEpochMerger``, which holds each fix until the next report), `TPV` with mode 0
/// or 1 become ``SimulatedGPS/Reading/locationUnknown(time:)``, other classes are ignored and a
/// line that is not a report (malformed, or longer than ``GPSDLineBuffer/limit``) is skipped
/// and reported. It is one more ``FixSource``: ``fixSource`` feeds the same location machine
/// and places middleware as a track file.
///
/// The readings end when gpsd closes the connection, after ``maxFixes`` fixes, or on
/// ``stop()``. A refused or dropped connection is tried again with the package's one
/// ``ForageSupport/RetryPolicy``, waiting on the injected clock; a connection that delivered a line
/// before it dropped starts the count of attempts afresh. When retries are exhausted the
/// readings end and ``end`` says why.
///
/// Blocking socket calls run on a thread of their own, never on Swift's cooperative pool.
public final class GPSDSource: Sendable {
  /// What the source tells its owner as it goes, for standard error or a log.
  public enum Event: Sendable, Equatable, CustomStringConvertible {
    /// A connection was made.
    case connected(GPSDEndpoint)
    /// A connection attempt failed and will be tried again after `wait`.
    case retrying(GPSDConnectionError, attempt: Int, of: Int, wait: Duration)
    /// A working connection failed; the source connects again.
    case reconnecting(GPSDConnectionError)
    /// A line was skipped: its number on the connection and what was expected. Only the first
    /// ``GPSDSource/reportedSkips`` skipped lines are reported; ``GPSDSource/skippedLines``
    /// counts them all.
    case lineSkipped(line: Int, reason: String)

    public var description: String {
      switch self {
      case .connected(let endpoint): "connected to \(endpoint)"
      case .retrying(let error, let attempt, let attempts, let wait):
        "\(error); trying again in \(Self.seconds(wait)) s (attempt \(attempt) of \(attempts))"
      case .reconnecting(let error): "\(error); connecting again"
      case .lineSkipped(let line, let reason): "line \(line) skipped: \(reason)"
      }
    }

    private static func seconds(_ duration: Duration) -> String {
      let (seconds, attoseconds) = duration.components
      let value = Double(seconds) + Double(attoseconds) / 1e18
      return String(Double((value * 100).rounded()) / 100)
    }
  }

  /// Why the readings ended.
  public enum End: Sendable, Equatable {
    /// gpsd closed the connection.
    case closed
    /// ``maxFixes`` fixes were read.
    case reachedLimit
    /// ``stop()`` was called.
    case stopped
    /// No connection could be made (retries exhausted, or the host does not resolve).
    case failed(GPSDConnectionError, attempts: Int)
  }

  /// The command that asks gpsd for JSON reports.
  public static let watchCommand = #"?WATCH={"enable":true,"json":true};"# + "\n"

  /// How many skipped lines are reported one by one.
  public static let reportedSkips = 5

  /// The retry policy a live source uses by default: 6 attempts, backoff from 0.25 s doubling
  /// to at most 8 s with full jitter, and no overall budget (a live run may last for hours).
  public static let defaultRetryPolicy = RetryPolicy(
    maxAttempts: 6,
    budget: nil,
    baseDelay: .milliseconds(250),
    multiplier: 2,
    maxDelay: .seconds(8),
    jitter: .full
  )

  /// Where gpsd listens.
  public let endpoint: GPSDEndpoint
  /// When to try a failed connection again.
  public let retryPolicy: RetryPolicy
  /// The clock backoff waits happen on.
  public let clock: any Clock<Duration>
  /// The number of fixes after which the readings end, or `nil` for no limit.
  public let maxFixes: Int?
  /// The longest one connection attempt may take.
  public let connectTimeout: Duration
  /// The longest line kept; longer ones are skipped.
  public let lineLimit: Int
  private let report: @Sendable (Event) -> Void

  private struct State {
    var connection: GPSDConnection?
    var task: Task<Void, Never>?
    var isStopped = false
    var fixes = 0
    var sessions = 0
    var skipped = 0
    var end: End?
  }

  private let state = Mutex(State())

  /// Creates a source; nothing connects until its readings are asked for.
  ///
  /// - Parameters:
  ///   - endpoint: Where gpsd listens.
  ///   - retryPolicy: When to try a refused or dropped connection again.
  ///   - clock: The clock backoff waits happen on (a ``ForageSupport/VirtualClock`` in tests).
  ///   - maxFixes: End after this many fixes; `nil` for no limit.
  ///   - connectTimeout: The longest one connection attempt may take.
  ///   - lineLimit: The longest line kept, in bytes.
  ///   - report: Told of connections, retries and skipped lines, on any thread.
  public init(
    endpoint: GPSDEndpoint,
    retryPolicy: RetryPolicy = GPSDSource.defaultRetryPolicy,
    clock: any Clock<Duration> = ContinuousClock(),
    maxFixes: Int? = nil,
    connectTimeout: Duration = .seconds(10),
    lineLimit: Int = 1 << 16,
    report: @escaping @Sendable (Event) -> Void = { _ in }
  ) {
    self.endpoint = endpoint
    self.retryPolicy = retryPolicy
    self.clock = clock
    self.maxFixes = maxFixes
    self.connectTimeout = connectTimeout
    self.lineLimit = lineLimit
    self.report = report
  }

  /// The source as a ``FixSource``; reading it connects (once: a second reading of the same
  /// source gives nothing).
  public var fixSource: FixSource {
    FixSource { self.start() }
  }

  /// Why the readings ended, once they have.
  public var end: End? { state.withLock { $0.end } }

  /// Fixes read so far.
  public var fixCount: Int { state.withLock { $0.fixes } }

  /// Lines skipped so far (malformed, too long, or not a usable report).
  public var skippedLines: Int { state.withLock { $0.skipped } }

  /// Ends the readings from any thread (a signal handler's queue): a blocked read returns, a
  /// backoff wait is cancelled, and the readings end with ``End/stopped``.
  public func stop() {
    let (connection, task) = state.withLock { state in
      state.isStopped = true
      return (state.connection, state.task)
    }
    connection?.shutDown()
    task?.cancel()
  }

  private var isStopped: Bool { state.withLock { $0.isStopped } }

  /// Starts the connection loop and returns the function that gives its readings.
  private func start() -> () async throws -> SimulatedGPS.Reading? {
    let (stream, continuation) = AsyncStream.makeStream(of: SimulatedGPS.Reading.self)
    let alreadyStarted = state.withLock { current in
      if current.task != nil || current.end != nil { return true }
      current.task = Task { [self] in
        let end = await run(continuation)
        state.withLock { $0.end = end }
        continuation.finish()
      }
      return false
    }
    if alreadyStarted { continuation.finish() }
    var iterator = stream.makeAsyncIterator()
    return { await iterator.next() }
  }

  /// Connects, reads and reconnects until the readings end.
  private func run(_ output: AsyncStream<SimulatedGPS.Reading>.Continuation) async -> End {
    while true {
      if isStopped { return .stopped }
      var attempts = 0
      do throws(SessionFailure) {
        return try await retryPolicy.run(
          on: clock,
          judge: { [self] outcome in
            guard case .failure(let failure) = outcome, failure.error.isRetryable,
              !failure.wasWorking, !isStopped
            else { return .final }
            return .retryable(serverWait: nil)
          },
          willRetry: { [self] outcome, attempt, wait in
            if case .failure(let failure) = outcome {
              report(
                .retrying(failure.error, attempt: attempt, of: retryPolicy.maxAttempts, wait: wait)
              )
            }
          },
          cancelled: { SessionFailure.stopped }
        ) { () async throws(SessionFailure) -> End in
          attempts += 1
          return try await session(output)
        }
      } catch {
        if error.isStop || isStopped { return .stopped }
        if error.wasWorking && error.error.isRetryable {
          report(.reconnecting(error.error))
          continue
        }
        return .failed(error.error, attempts: attempts)
      }
    }
  }

  /// One connection, from connect to its end, on a thread of its own.
  private func session(
    _ output: AsyncStream<SimulatedGPS.Reading>.Continuation
  ) async throws(SessionFailure) -> End {
    let result = await withCheckedContinuation { continuation in
      Thread { [self] in continuation.resume(returning: blockingSession(output)) }.start()
    }
    return try result.get()
  }

  /// Connects, asks for reports and reads them until the connection ends.
  private func blockingSession(
    _ output: AsyncStream<SimulatedGPS.Reading>.Continuation
  ) -> Result<End, SessionFailure> {
    let connection: GPSDConnection
    do {
      connection = try GPSDConnection.connect(to: endpoint, timeout: connectTimeout)
    } catch {
      return .failure(SessionFailure(error: error, wasWorking: false))
    }
    let session: Int? = state.withLock { state in
      guard !state.isStopped else { return nil }
      state.connection = connection
      defer { state.sessions += 1 }
      return state.sessions
    }
    guard let session else { return .success(.stopped) }
    defer { state.withLock { $0.connection = nil } }
    report(.connected(endpoint))
    do {
      try connection.send(Self.watchCommand)
    } catch {
      return .failure(SessionFailure(error: error, wasWorking: false))
    }
    var lines = GPSDLineBuffer(limit: lineLimit)
    var merger = GPSDEpochMerger()
    var buffer = [UInt8](repeating: 0, count: 1 << 14)
    var number = 0
    while true {
      let count: Int
      do {
        count = try connection.read(into: &buffer)
      } catch {
        if emit(merger.finish(), segment: session, output: output) {
          return .success(.reachedLimit)
        }
        return .failure(SessionFailure(error: error, wasWorking: number > 0))
      }
      if count == 0 {
        if let last = lines.finish() {
          number += 1
          _ = handle(last, number: number, merger: &merger, segment: session, output: output)
        }
        let reachedLimit = emit(merger.finish(), segment: session, output: output)
        if isStopped { return .success(.stopped) }
        return .success(reachedLimit ? .reachedLimit : .closed)
      }
      for line in lines.append(buffer[..<count]) {
        number += 1
        if handle(line, number: number, merger: &merger, segment: session, output: output) {
          return .success(.reachedLimit)
        }
      }
    }
  }

  /// Reads one line into the merger and hands on what it completes; returns whether
  /// ``maxFixes`` is reached.
  private func handle(
    _ line: GPSDLineBuffer.Line,
    number: Int,
    merger: inout GPSDEpochMerger,
    segment: Int,
    output: AsyncStream<SimulatedGPS.Reading>.Continuation
  ) -> Bool {
    let reason: String
    switch line {
    case .tooLong(let length):
      reason = "a line of \(length) bytes or more; expected a report of at most \(lineLimit)"
    case .complete(let bytes):
      if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return false }
      do {
        return emit(
          merger.take(try GPSDReport.parse(line: bytes)),
          segment: segment,
          output: output
        )
      } catch {
        reason = error.description
      }
    }
    let skipped = state.withLock { state in
      state.skipped += 1
      return state.skipped
    }
    if skipped <= Self.reportedSkips { report(.lineSkipped(line: number, reason: reason)) }
    return false
  }

  /// Hands readings on, counting fixes; returns whether ``maxFixes`` is reached (the readings
  /// after the last fix allowed are not handed on).
  private func emit(
    _ readings: [SimulatedGPS.Reading],
    segment: Int,
    output: AsyncStream<SimulatedGPS.Reading>.Continuation
  ) -> Bool {
    for reading in readings {
      guard case .fix(var fix) = reading else {
        output.yield(reading)
        continue
      }
      fix.segment = segment
      output.yield(.fix(fix))
      let count = state.withLock { state in
        state.fixes += 1
        return state.fixes
      }
      if let maxFixes, count >= maxFixes { return true }
    }
    return false
  }
}

/// Why one connection ended badly.
private struct SessionFailure: Error {
  var error: GPSDConnectionError
  /// Whether the connection delivered a line before it failed.
  var wasWorking: Bool
  var isStop = false

  static let stopped = SessionFailure(
    error: GPSDConnectionError(.dropped, reason: "stopped"),
    wasWorking: false,
    isStop: true
  )
}
