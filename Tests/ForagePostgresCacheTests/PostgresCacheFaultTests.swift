import ForageFinder
import ForageHTTP
import ForagePostgresCache
import ForageSupport
import ForageTestSupport
import Foundation
import InMemoryLogging
import Logging
import PostgresNIO
import Testing

/// A server that goes away: a transaction killed midway, a restart, a server gone for good;
/// and the password, which no error and no log line holds.
@Suite(.serialized, .ownPostgresCluster, .timeLimit(.minutes(3)))
struct PostgresCacheFaultTests {
  typealias F = PostgresFixtures

  /// A session of the administrator's over the socket, for locks the test holds.
  static func adminConnection(_ database: String) async throws -> PostgresConnection {
    let cluster = try F.cluster
    return try await PostgresConnection.connect(
      configuration: .init(
        unixSocketPath: cluster.folder.appendingPathComponent(".s.PGSQL.\(cluster.port)").path,
        username: cluster.adminUser,
        password: nil,
        database: database
      ),
      id: 1,
      logger: PostgresPlacesCache.silentLogger
    )
  }

  /// Holds a lock on the searches table, so that the next search written waits, mid
  /// transaction (its places already written); then ends the waiting backend.
  static func killWaitingWriter(in database: String) async throws {
    let pid = try await backendWaitingOnALock(in: database, running: "INSERT INTO forage_search ")
    #expect(
      try await F.cluster.sql("SELECT pg_terminate_backend(\(pid))", database: database) == "t"
    )
  }

  /// A writer and a reader of a new database, the reader following it: its first update, a
  /// search with one place at centre 1, already read.
  static func writerAndFollowingReader() async throws -> (
    database: (url: String, name: String),
    writer: PostgresPlacesCache,
    reader: PostgresPlacesCache,
    updates: AsyncThrowingStream<StoredKnowledge, any Error>.AsyncIterator
  ) {
    let database = try await F.database()
    let writer = try await F.open(database.url)
    let reader = try await F.open(database.url)
    var updates = reader.updates(for: F.scope).makeAsyncIterator()
    try await writer.record(
      [F.place("a", 60.171)],
      around: F.centre(1),
      coveredRadius: 100,
      in: F.scope
    )
    #expect(try await updates.next()?.searches.map(\.centre) == [F.centre(1)])
    return (database, writer, reader, updates)
  }

  /// Starts `cache` writing a search of two places that waits on a lock the administrator's
  /// session holds (its transaction left open, for the caller to end), and ends the writer's
  /// connection there.
  static func writeKilledMidway(
    by cache: PostgresPlacesCache,
    in database: String
  ) async throws -> (admin: PostgresConnection, writing: Task<Int64, any Error>) {
    let admin = try await adminConnection(database)
    try await admin.query("BEGIN", logger: PostgresPlacesCache.silentLogger)
    try await admin.query(
      "LOCK TABLE forage_search IN SHARE MODE",
      logger: PostgresPlacesCache.silentLogger
    )
    let writing = Task {
      try await cache.record(
        [F.place("a", 60.171), F.place("b", 60.172)],
        around: F.centre(),
        coveredRadius: 100,
        in: F.scope
      )
    }
    try await killWaitingWriter(in: database)
    return (admin, writing)
  }

  /// Has `writer` record a search without places, which commits without the searches' places
  /// table, while the administrator's session (its transaction left open, for the caller to
  /// end) holds a lock on that table: a reader's reading of the search's places waits there.
  /// The waiting backend's process id.
  static func readingWaitingOnALock(
    by writer: PostgresPlacesCache,
    in database: String
  ) async throws -> (admin: PostgresConnection, pid: String) {
    let silent = PostgresPlacesCache.silentLogger
    let admin = try await adminConnection(database)
    try await admin.query("BEGIN", logger: silent)
    try await admin.query("LOCK TABLE forage_search_place IN ACCESS EXCLUSIVE MODE", logger: silent)
    try await writer.record([], around: F.centre(2), coveredRadius: 100, in: F.scope)
    let pid = try await backendWaitingOnALock(in: database, running: "FROM forage_search_place sp")
    return (admin, pid)
  }

  /// The process id of the backend of `database` that waits for a lock while it runs a query
  /// containing `text`: the server's own view, polled until it is there.
  static func backendWaitingOnALock(
    in database: String,
    running text: String
  ) async throws
    -> String
  {
    var pid = ""
    for _ in 0..<3000 where pid.isEmpty {
      pid = try await F.cluster.sql(
        """
        SELECT pid FROM pg_stat_activity WHERE datname = '\(database)'
        AND wait_event_type = 'Lock' AND query LIKE '%\(text)%'
        """,
        database: database
      )
    }
    #expect(!pid.isEmpty)
    return pid
  }

  @Test func aTransactionKilledMidwayLeavesNoHalfSearch() async throws {
    let database = try await F.database()
    let cache = try await F.open(database.url, retry: .never)
    let (admin, writing) = try await Self.writeKilledMidway(by: cache, in: database.name)
    let error = await #expect(throws: PostgresPlacesCacheError.self) { try await writing.value }
    #expect(error?.kind == .unavailable)
    for table in ["forage_search", "forage_place", "forage_search_place"] {
      #expect(try await F.count("SELECT count(*) FROM \(table)", in: database.name) == 0)
    }
    try await admin.query("COMMIT", logger: PostgresPlacesCache.silentLogger)
    let reader = try await F.open(database.url)
    #expect(try await reader.knowledge(for: F.scope) == StoredKnowledge())
    await reader.close()
    try await admin.close()
    await cache.close()
  }

  @Test func aKilledTransactionIsWrittenWholeOnTheNextConnection() async throws {
    let database = try await F.database()
    let cache = try await F.open(database.url)
    let (admin, writing) = try await Self.writeKilledMidway(by: cache, in: database.name)
    try await admin.query("COMMIT", logger: PostgresPlacesCache.silentLogger)
    _ = try await writing.value
    #expect(try await F.count("SELECT count(*) FROM forage_search", in: database.name) == 1)
    #expect(try await F.count("SELECT count(*) FROM forage_place", in: database.name) == 2)
    #expect(try await F.count("SELECT count(*) FROM forage_search_place", in: database.name) == 2)
    try await admin.close()
    await cache.close()
  }

  @Test func aRestartedServerIsReconnectedAndUpdatesGoOn() async throws {
    let (_, writer, reader, first) = try await Self.writerAndFollowingReader()
    var updates = first
    try await F.cluster.restart()
    try await writer.record(
      [F.place("b", 60.172)],
      around: F.centre(2),
      coveredRadius: 100,
      in: F.scope
    )
    #expect(try await updates.next()?.searches.map(\.centre) == [F.centre(2)])
    #expect(try await reader.knowledge(for: F.scope).places.map(\.id) == ["a", "b"])
    await writer.close()
    await reader.close()
  }

  @Test func aSearchWhoseReadingWasCutOffIsReadAgainAfterTheReconnection() async throws {
    let silent = PostgresPlacesCache.silentLogger
    let (database, writer, reader, first) = try await Self.writerAndFollowingReader()
    var updates = first
    // The reader's connection is ended while it waits to read the new search's places.
    let (admin, pid) = try await Self.readingWaitingOnALock(by: writer, in: database.name)
    #expect(
      try await F.cluster.sql("SELECT pg_terminate_backend(\(pid))", database: database.name)
        == "t"
    )
    try await admin.query("ROLLBACK", logger: silent)
    try await admin.close()
    // Read again after the reconnection (before, it counted as known and was never read).
    #expect(try await updates.next()?.searches.map(\.centre) == [F.centre(2)])
    await writer.close()
    await reader.close()
  }

  @Test func closingACacheWhoseUpdatesWaitOnAReadEndsThem() async throws {
    let silent = PostgresPlacesCache.silentLogger
    let (database, writer, reader, first) = try await Self.writerAndFollowingReader()
    var updates = first
    let (admin, _) = try await Self.readingWaitingOnALock(by: writer, in: database.name)
    // Closing does not wait for that read (it waited for ever when a read was stuck).
    await reader.close()
    #expect(try await updates.next() == nil)
    try await admin.query("ROLLBACK", logger: silent)
    try await admin.close()
    await writer.close()
  }

  @Test func aSearchThatCommittedAfterAHigherOneWhileNoOneListenedIsCaughtUp() async throws {
    let silent = PostgresPlacesCache.silentLogger
    let (database, writer, reader, first) = try await Self.writerAndFollowingReader()
    var updates = first
    // A search takes its id, then another takes the next and commits, and is read.
    let admin = try await Self.adminConnection(database.name)
    try await admin.query("BEGIN", logger: silent)
    let centre = F.centre(2)
    try await admin.query(
      """
      INSERT INTO forage_search (scope_id, latitude, longitude, covered_radius, searched_at)
      SELECT id, \(centre.latitude), \(centre.longitude), 100, \(F.start.timeIntervalSince1970)
      FROM forage_scope
      """,
      logger: silent
    )
    try await writer.record([], around: F.centre(3), coveredRadius: 100, in: F.scope)
    #expect(try await updates.next()?.searches.map(\.centre) == [F.centre(3)])
    // The first commits with no announcement (as if while no connection listened), and
    // the reader's connections end.
    try await admin.query("COMMIT", logger: silent)
    try await admin.close()
    _ = try await F.cluster.sql(
      """
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = '\(database.name)' AND pid <> pg_backend_pid()
      """,
      database: database.name
    )
    // Found below the highest search handed on (before, the catch-up started above it).
    #expect(try await updates.next()?.searches.map(\.centre) == [centre])
    await writer.close()
    await reader.close()
  }

  @Test func theAttemptsCountedAreTheAttemptsMadeWhenTheBudgetEndsThemFirst() async throws {
    // Nothing listens on port 1: every connection is refused at once. Eight attempts are
    // allowed but the budget ends the retries first (before, the error said "8 attempts").
    let handler = InMemoryLogHandler()
    var logger = Logger(label: "test") { _ in handler }
    logger.logLevel = .info
    let retry = RetryPolicy(
      maxAttempts: 8,
      budget: .milliseconds(150),
      baseDelay: .milliseconds(40),
      multiplier: 2,
      maxDelay: .seconds(1),
      jitter: .none
    )
    let error = await #expect(throws: PostgresPlacesCacheError.self) {
      try await PostgresPlacesCache(
        url: "postgres://u:pw-123456@127.0.0.1:1/db",
        retry: retry,
        logger: logger
      )
    }
    let retries = handler.entries.count { "\($0.message)".contains("trying again") }
    #expect(retries < 7)
    #expect(
      error?.description.contains("gave up after \(retries + 1) attempts") == true,
      "\(String(describing: error))"
    )
  }

  @Test func aServerGoneForGoodEndsEveryCallWithOneReasonAndNoPassword() async throws {
    let database = try await F.database()
    let cluster = try F.cluster
    let handler = InMemoryLogHandler()
    var logger = Logger(label: "test") { _ in handler }
    logger.logLevel = .trace
    let cache = try await PostgresPlacesCache(url: database.url, retry: F.brief, logger: logger)
    var updates = cache.updates(for: F.scope).makeAsyncIterator()
    try await cache.record(
      [F.place("a", 60.171)],
      around: F.centre(),
      coveredRadius: 100,
      in: F.scope
    )
    await cluster.stop()
    var errors: [PostgresPlacesCacheError] = []
    do {
      _ = try await cache.knowledge(for: F.scope)
      Issue.record("read from a server that is gone")
    } catch {
      errors.append(error)
    }
    do {
      try await cache.record([], around: F.centre(), coveredRadius: 1, in: F.scope)
      Issue.record("wrote to a server that is gone")
    } catch {
      errors.append(error)
    }
    do {
      while try await updates.next() != nil {}
      Issue.record("the updates ended without an error")
    } catch let error as PostgresPlacesCacheError {
      errors.append(error)
    }
    try await cluster.restart()
    #expect(errors.count == 3)
    for error in errors {
      #expect(error.kind == .unavailable)
      #expect(
        error.description.hasPrefix(
          "postgres://REDACTED@127.0.0.1:\(cluster.port)/\(database.name): "
        )
      )
      #expect(error.description.contains("cannot be confirmed"))
      #expect(!error.description.contains("\n"))
      Self.expectNoPassword(error, cluster.password)
    }
    // Each retry is logged at info (the run's one error line says the rest).
    #expect(handler.entries.contains { $0.level == .info && "\($0.message)".contains("attempt") })
    for entry in handler.entries {
      let text = "\(entry.message) \(entry.metadata)"
      #expect(!text.contains(cluster.password), "\(text)")
    }
    await cache.close()
  }

  @Test func thePasswordIsInNoErrorWhateverWentWrong() async throws {
    let database = try await F.database()
    let cluster = try F.cluster
    let password = cluster.password
    let port = cluster.port
    let urls = [
      "postgres://\(cluster.user):\(password)@127.0.0.1:\(port)/no_such_database",
      "postgres://\(cluster.user):wrong-\(password)@127.0.0.1:\(port)/\(database.name)",
      "postgres://nobody_here:\(password)@127.0.0.1:\(port)/\(database.name)",
      "postgres://\(cluster.user):\(password)@127.0.0.1:1/\(database.name)",
      "postgres://\(cluster.user):\(password)@127.0.0.1:\(port)/\(database.name)?sslmode=x",
      "postgres://\(cluster.user):\(password)@127.0.0.1:\(port)/",
      "mysql://\(cluster.user):\(password)@127.0.0.1:\(port)/\(database.name)",
      "postgres://\(cluster.user):\(password)@/\(database.name)",
    ]
    let kinds: [PostgresPlacesCacheError.Kind] = [
      .refused, .refused, .refused, .unavailable, .badURL, .badURL, .badURL, .badURL,
    ]
    for (url, kind) in zip(urls, kinds) {
      let error = await #expect(throws: PostgresPlacesCacheError.self, "\(url)") {
        try await PostgresPlacesCache(url: url, retry: F.brief)
      }
      #expect(error?.kind == kind, "\(url): \(String(describing: error))")
      if let error { Self.expectNoPassword(error, password) }
    }
    let location = try PostgresCacheLocation(url: database.url)
    var dumped = ""
    dump(location, to: &dumped)
    for shown in [location.description, String(reflecting: location), dumped, "\(location)"] {
      #expect(!shown.contains(password), "\(shown)")
    }
    #expect(Redaction.redact("echoed \(password) back") == "echoed REDACTED back")
  }

  static func expectNoPassword(_ error: PostgresPlacesCacheError, _ password: String) {
    var dumped = ""
    dump(error, to: &dumped)
    for shown in [error.description, String(reflecting: error), "\(error)", dumped] {
      #expect(!shown.contains(password), "\(shown)")
    }
  }
}
