import ForageFinder
import ForageHTTP
import ForageProviders
import ForageSupport
import Foundation
import Logging
import PostgresNIO
import Synchronization

/// A places cache shared through PostgreSQL: what one `forage` process learns (the searches it
/// made, how far each is complete, and the places they found) serves every other process that
/// uses the same database, on this machine or another, while they run.
///
/// It keeps what `PlacesCacheFile` (ForagePlacesCache, SQLite) keeps, per `PlacesCacheScope`,
/// and answers the same two calls, ``knowledge(for:)`` and ``record(_:around:coveredRadius:notices:in:)``;
/// ``updates(for:)`` adds what other processes record while this one runs.
///
/// - A search and the places it found are written in one transaction, and `NOTIFY
///   forage_search, '<id>'` goes out when it commits: a process killed mid-search leaves no
///   half search, and no reader ever takes a disk as covered without its places.
/// - Searches and places have unique keys written with `ON CONFLICT`, so writers that race on
///   the same search lose nothing and store nothing twice.
/// - Knowledge expires after ``timeToLive`` (30 days by default, as long as Google lets
///   coordinates be kept): expired rows are deleted when a cache opens and never read.
/// - A connection that fails is replaced, with the project's ``ForageSupport/RetryPolicy``
///   between attempts; when the retries run out, the call throws
///   ``PostgresPlacesCacheError/Kind/unavailable``, and no answer comes from what can no longer
///   be confirmed.
/// - The password is registered with ``ForageHTTP/Redaction`` and never appears in a
///   description, a log line or an error.
///
/// PostGIS is not used: a scope holds searches in the thousands, which ``knowledge(for:)``
/// reads whole, and the union of their disks is made in memory with GEOS
/// (`ForageCoverage`). Plain latitude and longitude columns, with a (scope, latitude,
/// longitude) index for bounding-box reads, need no extension on the server; PostGIS would
/// earn its place only once a database is split by area and reads a region at a time.
public final class PostgresPlacesCache: Sendable {
  /// The database, without its password in ``PostgresCacheLocation/description``.
  public let location: PostgresCacheLocation
  /// How long a search and the places it found are reused.
  public let timeToLive: Duration
  /// The retries when a connection fails, with a seed of this cache's own
  /// (`RetryPolicy.withOwnSeed()`): caches that lost one server do not retry in step.
  public let retry: RetryPolicy

  let clock: any Clock<Duration>
  let now: @Sendable () -> Date
  let logger: Logger
  let gate = PostgresCacheGate()
  let state = Mutex(State())

  struct State {
    var connection: PostgresConnection?
    var nextConnectionID = 1
    /// The searches this instance wrote: not sent to its own ``updates(for:)``.
    var ownSearches: Set<Int64> = []
    /// The highest search id when the cache opened: those up to it are read with the
    /// knowledge, not handed on.
    var knownAtOpen: Int64 = 0
    /// The highest search id handed on (or ``knownAtOpen``).
    var highWater: Int64 = 0
    /// The searches handed on since the cache opened.
    var handed: Set<Int64> = []
    var subscribers: [UUID: Subscriber] = [:]
    var listener: Task<Void, Never>?
    var listenerConnection: PostgresConnection?
    var listenerFailure: PostgresPlacesCacheError?
    var isClosed = false
  }

  struct Subscriber {
    var scope: PlacesCacheScope
    var continuation: AsyncThrowingStream<StoredKnowledge, any Error>.Continuation
  }

  /// Thirty days, as long as Google's terms allow keeping coordinates.
  public static let defaultTimeToLive = PlacesProviderCapabilities.googleTimeToLive

  /// Eight attempts within 60 seconds, from 200 ms up to 5 s apart: long enough for a server
  /// restart, or for one slow attempt (``attemptLimit``) and more after it; short enough that a
  /// server gone for good ends the run within a minute.
  public static let defaultRetry = RetryPolicy(
    maxAttempts: 8,
    budget: .seconds(60),
    baseDelay: .milliseconds(200),
    maxDelay: .seconds(5)
  )

  /// How long one attempt (a connection's whole transaction) may take before its connection
  /// is given up and the attempt is counted as failed (``PostgresDeadline``).
  ///
  /// 10 s was too short on a loaded 2-core machine: four processes migrating an empty database
  /// at once wait for one another's advisory lock, and one gave up after its first attempt.
  static let attemptLimit = Duration.seconds(30)

  /// A logger that says nothing.
  public static let silentLogger = Logger(label: "forage.postgres") { _ in
    SwiftLogNoOpLogHandler()
  }

  /// Opens the cache at a `postgres://` URL (see ``PostgresCacheLocation``).
  ///
  /// - Throws: ``PostgresPlacesCacheError``.
  public convenience init(
    url: String,
    timeToLive: Duration = PostgresPlacesCache.defaultTimeToLive,
    retry: RetryPolicy = PostgresPlacesCache.defaultRetry,
    clock: any Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = { Date() },
    logger: Logger = PostgresPlacesCache.silentLogger
  ) async throws(PostgresPlacesCacheError) {
    try await self.init(
      location: try PostgresCacheLocation(url: url),
      timeToLive: timeToLive,
      retry: retry,
      clock: clock,
      now: now,
      logger: logger
    )
  }

  /// Connects, brings the cache tables up to date and deletes what has expired.
  ///
  /// - Parameters:
  ///   - location: The database.
  ///   - timeToLive: How long knowledge is reused; defaults to ``defaultTimeToLive``.
  ///   - retry: The retries when a connection fails; defaults to ``defaultRetry``.
  ///   - clock: The clock the retries wait on.
  ///   - now: The current wall-clock date, injected for tests.
  ///   - logger: Where retries (info) and what is learned from other processes (debug) are
  ///     logged, without the password; never below debug.
  /// - Throws: ``PostgresPlacesCacheError``: ``PostgresPlacesCacheError/Kind/newerSchema``
  ///   leaves the database untouched.
  public init(
    location: PostgresCacheLocation,
    timeToLive: Duration = PostgresPlacesCache.defaultTimeToLive,
    retry: RetryPolicy = PostgresPlacesCache.defaultRetry,
    clock: any Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = { Date() },
    logger: Logger = PostgresPlacesCache.silentLogger
  ) async throws(PostgresPlacesCacheError) {
    if let password = location.password { Redaction.registerSecret(password) }
    self.location = location
    self.timeToLive = timeToLive
    self.retry = retry.withOwnSeed()
    self.clock = clock
    self.now = now
    // PostgresNIO's trace messages (each protocol message, and SQL over many lines) would
    // bury the run's own trace log: the cache and its driver log from debug up.
    var quieter = logger
    quieter.logLevel = max(logger.logLevel, .debug)
    self.logger = quieter
    let cutoff = expiryCutoff
    let location = location
    let logger = quieter
    let highWater = try await withConnection { connection -> Int64 in
      _ = try await PostgresCacheSchema.migrate(connection, location: location, logger: logger)
      try await connection.transaction(logger: logger) { connection in
        try await connection.query(
          "DELETE FROM forage_search WHERE searched_at < \(cutoff)",
          logger: logger
        )
        try await connection.query(
          "DELETE FROM forage_place WHERE learned_at < \(cutoff)",
          logger: logger
        )
        try await connection.query(
          "DELETE FROM forage_notice WHERE learned_at < \(cutoff)",
          logger: logger
        )
      }
      let rows = try await connection.query(
        "SELECT coalesce(max(id), 0) FROM forage_search",
        logger: logger
      )
      var highest: Int64 = 0
      for try await id in rows.decode(Int64.self) { highest = id }
      return highest
    }
    state.withLock { state in
      state.knownAtOpen = highWater
      state.highWater = highWater
    }
  }

  /// Closes what ``close()`` was not called to close: a connection must be closed before it is
  /// released, so each is kept until its close completes.
  deinit {
    let (connection, listenerConnection, listener) = state.withLock {
      ($0.connection, $0.listenerConnection, $0.listener)
    }
    listener?.cancel()
    for connection in [connection, listenerConnection].compactMap({ $0 }) {
      Self.closeWithoutWaiting(connection)
    }
  }

  /// Knowledge learned before this (seconds since 1970, wall-clock) has expired.
  var expiryCutoff: Double { now().timeIntervalSince1970 - timeToLive.seconds }

  /// Closes the connections and ends every ``updates(for:)`` stream.
  public func close() async {
    let (connection, listenerConnection, listener, subscribers) = state.withLock { state in
      state.isClosed = true
      defer {
        state.connection = nil
        state.listenerConnection = nil
        state.listener = nil
        state.subscribers = [:]
      }
      return (state.connection, state.listenerConnection, state.listener, state.subscribers)
    }
    listener?.cancel()
    for subscriber in subscribers.values { subscriber.continuation.finish() }
    try? await listenerConnection?.close()
    try? await connection?.close()
    await listener?.value
  }

  /// Runs `body` on this cache's connection, one caller at a time, replacing a connection that
  /// failed and trying again as ``retry`` allows.
  ///
  /// `body` may run more than once, so it must be a whole transaction (or only read).
  ///
  /// - Throws: ``PostgresPlacesCacheError``; ``PostgresPlacesCacheError/Kind/unavailable``
  ///   when the retries ran out.
  func withConnection<T: Sendable>(
    _ body: @escaping @Sendable (PostgresConnection) async throws -> T
  ) async throws(PostgresPlacesCacheError) -> T {
    await gate.enter()
    defer { gate.leave() }
    return try await retrying { () async throws(PostgresPlacesCacheError) -> T in
      let connection = try await self.currentConnection()
      do throws(PostgresPlacesCacheError) {
        return try await self.withinAttemptLimit(on: connection) { try await body(connection) }
      } catch {
        if error.isTransient || connection.isClosed {
          self.state.withLock { state in
            if state.connection === connection { state.connection = nil }
          }
          Self.closeWithoutWaiting(connection)
        }
        throw error
      }
    }
  }

  /// `body`'s result, waited for at most ``attemptLimit`` and only while the task is not
  /// cancelled (``PostgresDeadline``): past the limit, `connection` is closed and the attempt
  /// fails as transient, so that the caller tries again on a new connection.
  ///
  /// - Throws: ``PostgresPlacesCacheError``: `body`'s error classified
  ///   (``PostgresFailure/classify(_:location:connectionClosed:)``).
  func withinAttemptLimit<T: Sendable>(
    on connection: PostgresConnection,
    _ body: @escaping @Sendable () async throws -> T
  ) async throws(PostgresPlacesCacheError) -> T {
    do {
      return try await PostgresDeadline.run(
        within: Self.attemptLimit,
        on: clock,
        abandoned: { Self.closeWithoutWaiting(connection) },
        body
      )
    } catch is PostgresDeadline.Expired {
      throw noAnswerInTime()
    } catch {
      throw PostgresFailure.classify(
        error,
        location: location,
        connectionClosed: connection.isClosed
      )
    }
  }

  /// The transient failure of an attempt that got no answer within ``attemptLimit``.
  func noAnswerInTime() -> PostgresPlacesCacheError {
    PostgresPlacesCacheError(
      .unavailable,
      location: location.description,
      reason: "the server did not answer within \(Self.attemptLimit)",
      isTransient: true
    )
  }

  /// Starts closing `connection` and keeps it until the close completes (a connection must be
  /// closed before it is released); a query left waiting on it does not hold the caller.
  static func closeWithoutWaiting(_ connection: PostgresConnection) {
    connection.close().whenComplete { _ in _ = connection }
  }

  /// Runs `attempt` as ``retry`` allows; a transient failure that outlasts the retries becomes
  /// the final ``PostgresPlacesCacheError/Kind/unavailable``.
  func retrying<T: Sendable>(
    _ attempt: () async throws(PostgresPlacesCacheError) -> T
  ) async throws(PostgresPlacesCacheError) -> T {
    let location = location
    let logger = logger
    var attempts = 1
    do throws(PostgresPlacesCacheError) {
      return try await retry.run(
        on: clock,
        seed: retry.seed,
        judge: { outcome in
          if case .failure(let failure) = outcome, failure.isTransient {
            return .retryable(serverWait: nil)
          }
          return .final
        },
        willRetry: { outcome, attempt, wait in
          attempts = attempt + 1
          if case .failure(let failure) = outcome {
            logger.info(
              "places cache attempt \(attempt) failed, trying again in \(wait): \(failure)"
            )
          }
        },
        cancelled: {
          PostgresPlacesCacheError(
            .unavailable,
            location: location.description,
            reason: "cancelled"
          )
        },
        attempt
      )
    } catch  where error.isTransient {
      throw PostgresPlacesCacheError(
        .unavailable,
        location: error.location,
        reason: "\(error.reason); gave up after \(attempts) attempts, so the cache cannot "
          + "be confirmed"
      )
    }
  }

  /// The open connection, or a new one.
  private func currentConnection() async throws(PostgresPlacesCacheError) -> PostgresConnection {
    if let connection = state.withLock({ $0.connection }), !connection.isClosed {
      return connection
    }
    let connection = try await connect()
    try keep(connection, in: \.connection)
    return connection
  }

  /// Keeps `connection` in `slot` of the state, for ``close()`` to close; a cache closed
  /// while it was being made closes it at once instead.
  ///
  /// - Throws: ``PostgresPlacesCacheError/Kind/unavailable`` when the cache was closed.
  func keep(
    _ connection: PostgresConnection,
    in slot: WritableKeyPath<State, PostgresConnection?>
  ) throws(PostgresPlacesCacheError) {
    let isClosed = state.withLock { state in
      if !state.isClosed { state[keyPath: slot] = connection }
      return state.isClosed
    }
    guard isClosed else { return }
    Self.closeWithoutWaiting(connection)
    throw closedError()
  }

  /// The failure of a call made on, or finished after, a closed cache.
  func closedError() -> PostgresPlacesCacheError {
    PostgresPlacesCacheError(
      .unavailable,
      location: location.description,
      reason: "the cache was closed"
    )
  }

  /// A new connection to ``location``.
  func connect() async throws(PostgresPlacesCacheError) -> PostgresConnection {
    if state.withLock({ $0.isClosed }) { throw closedError() }
    let id = state.withLock { state in
      defer { state.nextConnectionID += 1 }
      return state.nextConnectionID
    }
    let location = location
    let logger = logger
    do {
      // Within a deadline too: a name lookup that never answers must not hold the run. A
      // connection made after the caller stopped waiting is closed (PostgresNIO asserts that
      // every connection is closed before it is released).
      return try await PostgresDeadline.run(
        within: Self.attemptLimit,
        on: clock,
        abandoned: {},
        late: { Self.closeWithoutWaiting($0) }
      ) {
        try await PostgresConnection.connect(
          configuration: location.configuration,
          id: id,
          logger: logger
        )
      }
    } catch is PostgresDeadline.Expired {
      throw noAnswerInTime()
    } catch {
      throw PostgresFailure.classify(error, location: location, connectionClosed: true)
    }
  }
}
