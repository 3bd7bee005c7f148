import ForageLocation
import ForageSupport
import ForageTracks
import Foundation
import NIOCore
import Synchronization

/// A live fix source: a gpsd's reports over TCP, in its JSON protocol.
///
/// The source connects, sends `?WATCH={"enable":true,"json":true};` and reads one JSON object
/// a line (``GPSDReport``): `TPV` reports with a 2D or 3D fix become fixes (one per epoch: see
/// ``GPSDEpochMerger``, which holds each fix until the next report), `TPV` with mode 0
/// or 1 become ``GPSReading/locationUnknown(time:)``, other classes are ignored and a
/// line that is not a report (malformed, or longer than ``lineLimit``) is skipped and reported.
/// It is one more ``FixSource``: ``fixSource`` feeds the same location machine and places
/// middleware as a track file.
///
/// The readings end when gpsd closes the connection, after ``maxFixes`` readings (fixes and
/// no-fix reports alike, as a run's summary counts `fixes`), or on ``stop()``. A refused or dropped connection is tried again with the package's one
/// ``ForageSupport/RetryPolicy``, waiting on the injected clock; a connection that delivered a line
/// before it dropped starts the count of attempts afresh. When retries are exhausted the
/// readings end and ``end`` says why. A peer that sends nothing within ``answerTimeout`` of the
/// `?WATCH` command is not a gpsd, or one that hangs: that attempt fails as
/// ``GPSDConnectionError/Kind/noAnswer`` and is tried again like a refused one.
///
/// The connection runs on SwiftNIO's shared event loops (`GPSDConnection`); reading it is an
/// async loop, and nothing blocks a thread. A reader that falls behind holds the source back:
/// while ``backlog`` readings wait for it, the source reads nothing more (`GPSDBacklog`).
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
        "\(error); trying again in \(wait.secondsText) s (attempt \(attempt) of \(attempts))"
      case .reconnecting(let error): "\(error); connecting again"
      case .lineSkipped(let line, let reason): "line \(line) skipped: \(reason)"
      }
    }
  }

  /// Why the readings ended.
  public enum End: Sendable, Equatable {
    /// gpsd closed the connection.
    case closed
    /// ``maxFixes`` readings were handed on.
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
  /// When to try a failed connection again, with a seed of this source's own
  /// (`RetryPolicy.withOwnSeed()`): receivers that lost one gpsd do not reconnect in step.
  public let retryPolicy: RetryPolicy
  /// The clock backoff waits happen on.
  public let clock: any Clock<Duration>
  /// The number of readings after which the readings end, or `nil` for no limit: fixes and
  /// no-fix reports (``GPSReading/locationUnknown(time:)``) alike, as the run's summary
  /// counts its `fixes`.
  public let maxFixes: Int?
  /// The longest one connection attempt may take, in real time (SwiftNIO's timers, not
  /// ``clock``).
  public let connectTimeout: Duration
  /// How long gpsd may take to send its first bytes once asked (it answers at once), in real
  /// time.
  public let answerTimeout: Duration
  /// The longest line kept, in bytes; longer ones are skipped without being held in memory.
  public let lineLimit: Int
  /// The most readings kept for a reader that is behind; while that many wait, the source reads
  /// nothing more from gpsd.
  public let backlog: Int
  private let report: @Sendable (Event) -> Void

  private struct State {
    var channel: (any Channel)?
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
  ///   - maxFixes: End after this many readings, fixes and no-fix reports alike; `nil` for no
  ///     limit.
  ///   - connectTimeout: The longest one connection attempt may take.
  ///   - answerTimeout: How long gpsd may take to send its first bytes once asked.
  ///   - lineLimit: The longest line kept, in bytes (gpsd's longest report is about 10 KB).
  ///   - backlog: The most readings kept for a reader that is behind.
  ///   - report: Told of connections, retries and skipped lines, on any thread.
  public init(
    endpoint: GPSDEndpoint,
    retryPolicy: RetryPolicy = GPSDSource.defaultRetryPolicy,
    clock: any Clock<Duration> = ContinuousClock(),
    maxFixes: Int? = nil,
    connectTimeout: Duration = .seconds(10),
    answerTimeout: Duration = .seconds(10),
    lineLimit: Int = 1 << 16,
    backlog: Int = 1024,
    report: @escaping @Sendable (Event) -> Void = { _ in }
  ) {
    self.endpoint = endpoint
    self.retryPolicy = retryPolicy.withOwnSeed()
    self.clock = clock
    self.maxFixes = maxFixes
    self.connectTimeout = connectTimeout
    self.answerTimeout = answerTimeout
    self.lineLimit = max(1, lineLimit)
    self.backlog = max(1, backlog)
    self.report = report
  }

  /// The source as a ``FixSource``; reading it connects (once: a second reading of the same
  /// source gives nothing). Readings before gpsd knows the time take the first time it sends,
  /// or this machine's clock if it never sends one.
  public var fixSource: FixSource {
    FixSource(fallbackTime: { Date() }) { self.start() }
  }

  /// Why the readings ended, once they have.
  public var end: End? { state.withLock { $0.end } }

  /// Readings handed on so far: fixes and no-fix reports, counted as ``maxFixes`` counts them.
  public var fixCount: Int { state.withLock { $0.fixes } }

  /// Lines skipped so far (malformed, too long, or not a usable report).
  public var skippedLines: Int { state.withLock { $0.skipped } }

  /// Ends the readings from any thread (a signal handler's queue): the connection is closed, a
  /// backoff wait is cancelled, and the readings end with ``End/stopped``.
  public func stop() {
    let (channel, task) = state.withLock { state in
      state.isStopped = true
      return (state.channel, state.task)
    }
    channel?.close(promise: nil)
    task?.cancel()
  }

  private var isStopped: Bool { state.withLock { $0.isStopped } }

  /// Starts the connection loop and returns the function that gives its readings.
  private func start() -> () async throws -> GPSReading? {
    let (stream, continuation) = AsyncStream.makeStream(of: GPSReading.self)
    let backlog = GPSDBacklog(limit: backlog)
    continuation.onTermination = { _ in backlog.close() }
    let alreadyStarted = state.withLock { current in
      if current.task != nil || current.end != nil { return true }
      current.task = Task { [self] in
        let end = await run(Output(continuation: continuation, backlog: backlog))
        state.withLock { $0.end = end }
        continuation.finish()
      }
      return false
    }
    if alreadyStarted { continuation.finish() }
    var iterator = stream.makeAsyncIterator()
    return {
      let reading = await iterator.next()
      if reading != nil { backlog.taken() }
      return reading
    }
  }

  /// Connects, reads and reconnects until the readings end.
  private func run(_ output: Output) async -> End {
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

  /// One connection, from connect to its end.
  private func session(
    _ output: Output
  ) async throws(SessionFailure) -> End {
    let connection: GPSDConnection.AsyncChannel
    do {
      connection = try await GPSDConnection.connect(
        to: endpoint,
        connectTimeout: connectTimeout,
        answerTimeout: answerTimeout,
        lineLimit: lineLimit
      )
    } catch {
      throw SessionFailure(error: error, wasWorking: false)
    }
    let session: Int? = state.withLock { state in
      guard !state.isStopped else { return nil }
      state.channel = connection.channel
      defer { state.sessions += 1 }
      return state.sessions
    }
    defer { state.withLock { $0.channel = nil } }
    let result: Result<End, SessionFailure>
    do {
      result = try await connection.executeThenClose { lines, commands in
        guard let session else { return .success(.stopped) }
        report(.connected(endpoint))
        return await read(
          lines,
          sending: commands,
          on: connection.channel,
          segment: session,
          output: output
        )
      }
    } catch {
      // Only what the body throws comes out here, and the body throws nothing.
      let failure = GPSDConnectionError(reading: error)
      result = .failure(SessionFailure(error: failure, wasWorking: false))
    }
    return try result.get()
  }

  /// Asks gpsd for reports and reads them until the connection ends.
  private func read(
    _ lines: NIOAsyncChannelInboundStream<GPSDLine>,
    sending commands: NIOAsyncChannelOutboundWriter<ByteBuffer>,
    on channel: any Channel,
    segment: Int,
    output: Output
  ) async -> Result<End, SessionFailure> {
    do {
      try await commands.write(ByteBuffer(string: Self.watchCommand))
    } catch {
      if isStopped { return .success(.stopped) }
      // A write fails once the channel has closed; why it closed ends its inbound stream.
      channel.close(promise: nil)
      var cause: any Error = error
      do {
        for try await _ in lines {}
      } catch let reason {
        cause = reason
      }
      let failure = GPSDConnectionError(reading: cause)
      return .failure(SessionFailure(error: failure, wasWorking: false))
    }
    var merger = GPSDEpochMerger()
    var number = 0
    do {
      for try await line in lines {
        number += 1
        if handle(line, number: number, merger: &merger, segment: segment, output: output) {
          return .success(.reachedLimit)
        }
        await output.backlog.waitForRoom()
      }
    } catch {
      if emit(merger.finish(), segment: segment, output: output) { return .success(.reachedLimit) }
      if isStopped { return .success(.stopped) }
      let failure = GPSDConnectionError(reading: error)
      return .failure(SessionFailure(error: failure, wasWorking: number > 0))
    }
    let reachedLimit = emit(merger.finish(), segment: segment, output: output)
    if isStopped { return .success(.stopped) }
    return .success(reachedLimit ? .reachedLimit : .closed)
  }

  /// Reads one line into the merger and hands on what it completes; returns whether
  /// ``maxFixes`` is reached.
  private func handle(
    _ line: GPSDLine,
    number: Int,
    merger: inout GPSDEpochMerger,
    segment: Int,
    output: Output
  ) -> Bool {
    let reason: String
    switch line {
    case .tooLong:
      reason = "a line of more than \(lineLimit) bytes; expected a report of at most \(lineLimit)"
    case .complete(let buffer):
      let bytes = buffer.readableBytesView
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

  /// Hands readings on, counting them; returns whether ``maxFixes`` is reached (the readings
  /// after the last one allowed are not handed on).
  private func emit(
    _ readings: [GPSReading],
    segment: Int,
    output: Output
  ) -> Bool {
    for reading in readings {
      if case .fix(var fix) = reading {
        fix.segment = segment
        output.yield(.fix(fix))
      } else {
        output.yield(reading)
      }
      let count = state.withLock { state in
        state.fixes += 1
        return state.fixes
      }
      if let maxFixes, count >= maxFixes { return true }
    }
    return false
  }
}

/// Where a source's readings go: the stream its reader reads, and the count of those waiting.
private struct Output: Sendable {
  let continuation: AsyncStream<GPSReading>.Continuation
  let backlog: GPSDBacklog

  /// Hands a reading to the reader.
  func yield(_ reading: GPSReading) {
    backlog.added()
    continuation.yield(reading)
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
