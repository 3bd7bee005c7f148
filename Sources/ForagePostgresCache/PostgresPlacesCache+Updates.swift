import ForageFinder
import Foundation
import Logging
import PostgresNIO

extension PostgresPlacesCache {
  /// What other processes record for `scope` from now on, one search and the places it found
  /// at a time, as they commit.
  ///
  /// A connection of its own `LISTEN`s on ``channel`` (a poll would add a query a second per
  /// process and up to its period of delay; a notification costs nothing until a search is
  /// made, and arrives as it commits). When that connection fails, a new one is made as
  /// ``retry`` allows and the searches committed meanwhile are read (by id), so none is missed
  /// while the server is away; each search comes once (the same search written again, at the
  /// same centre and radius, is not sent again). When
  /// the retries run out, every stream ends with that ``PostgresPlacesCacheError``: the caller
  /// can no longer confirm the cache and must stop answering from it.
  ///
  /// Searches this instance recorded are not sent back to it.
  public func updates(
    for scope: PlacesCacheScope
  ) -> AsyncThrowingStream<StoredKnowledge, any Error> {
    let (stream, continuation) = AsyncThrowingStream<StoredKnowledge, any Error>.makeStream()
    let id = UUID()
    let (failure, isClosed, startListener) = state.withLock { state in
      if state.listenerFailure == nil, !state.isClosed {
        state.subscribers[id] = Subscriber(scope: scope, continuation: continuation)
      }
      let start = state.listener == nil && state.listenerFailure == nil && !state.isClosed
      return (state.listenerFailure, state.isClosed, start)
    }
    if let failure {
      continuation.finish(throwing: failure)
      return stream
    }
    if isClosed {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
    }
    if startListener {
      let task = Task { await self.listen() }
      state.withLock { $0.listener = task }
    }
    return stream
  }

  /// Listens until closed or the retries run out, making a new connection each time one fails.
  private func listen() async {
    while !Task.isCancelled, !state.withLock({ $0.isClosed }) {
      do throws(PostgresPlacesCacheError) {
        // A fresh run of retries after each connection that worked.
        try await retrying { () async throws(PostgresPlacesCacheError) in
          try await self.listenOnce()
        }
      } catch {
        if Task.isCancelled || state.withLock({ $0.isClosed }) { return }
        let subscribers = state.withLock { state in
          state.listenerFailure = error
          defer { state.subscribers = [:] }
          return state.subscribers
        }
        // The caller says it once, as the run ends (the storage keeps it as its failure).
        logger.debug("places cache updates stopped: \(error)")
        for subscriber in subscribers.values { subscriber.continuation.finish(throwing: error) }
        return
      }
    }
  }

  /// Connects, listens, reads what was missed, and hands on notifications until the
  /// connection ends; a read that takes longer than ``attemptLimit`` ends the connection.
  ///
  /// - Throws: A transient ``PostgresPlacesCacheError`` when the connection could not be made
  ///   or failed before it was listening.
  private func listenOnce() async throws(PostgresPlacesCacheError) {
    let connection = try await connect()
    try keep(connection, in: \.listenerConnection)
    defer {
      state.withLock { if $0.listenerConnection === connection { $0.listenerConnection = nil } }
    }
    var isListening = false
    do {
      try await connection.listen(on: Self.channel) { notifications in
        // Each read within the attempt limit: one that never ends would stop the updates.
        try await self.withinAttemptLimit(on: connection) {
          try await self.catchUp(on: connection)
        }
        isListening = true
        self.logger.debug("places cache: listening for other processes' searches")
        for try await notification in notifications {
          guard let id = Int64(notification.payload) else { continue }
          try await self.withinAttemptLimit(on: connection) {
            try await self.deliver(search: id, on: connection)
          }
        }
      }
    } catch {
      let failure = PostgresFailure.classify(
        error,
        location: location,
        connectionClosed: connection.isClosed
      )
      try? await connection.close()
      // A connection that was listening failed: start the retries anew.
      if isListening && failure.isTransient { return }
      throw failure
    }
    try? await connection.close()
  }

  /// How far below the highest search id handed on a catch-up looks again. Ids are taken
  /// when a search is inserted, but searches commit in any order among the transactions in
  /// flight together: one that committed after a higher one, while no connection listened,
  /// lies below the highest. A thousand covers that many writers at once.
  static let catchUpLookback: Int64 = 1000

  /// Hands on every search committed since the cache opened that was not handed on yet: those
  /// above the highest handed on, and those not handed on within ``catchUpLookback`` below it.
  private func catchUp(on connection: PostgresConnection) async throws {
    let after = state.withLock { max($0.knownAtOpen, $0.highWater - Self.catchUpLookback) }
    let rows = try await connection.query(
      "SELECT id FROM forage_search WHERE id > \(after) ORDER BY id",
      logger: logger
    )
    var ids: [Int64] = []
    for try await id in rows.decode(Int64.self) { ids.append(id) }
    for id in ids { try await deliver(search: id, on: connection) }
  }

  /// Reads search `id` and its places and hands them to the subscribers of its scope, unless
  /// this instance wrote it or it has expired.
  ///
  /// The search counts as handed on (``catchUp(on:)`` passes over it) only once this is done:
  /// a connection lost while reading it leaves it to be read again after the reconnection.
  private func deliver(search id: Int64, on connection: PostgresConnection) async throws {
    // Each search once: the catch-up and a notification may both name it.
    guard !state.withLock({ $0.handed.contains(id) }) else { return }
    try await hand(search: id, on: connection)
    state.withLock { state in
      state.highWater = max(state.highWater, id)
      state.handed.insert(id)
    }
  }

  /// Reads search `id` and hands it to the subscribers of its scope (``deliver(search:on:)``).
  private func hand(search id: Int64, on connection: PostgresConnection) async throws {
    let isOwn = state.withLock { $0.ownSearches.contains(id) }
    guard !isOwn, state.withLock({ !$0.subscribers.isEmpty }) else { return }
    let cutoff = expiryCutoff
    let rows = try await connection.query(
      """
      SELECT sc.id, sc.api, sc.type, sc.keyword,
        s.latitude, s.longitude, s.covered_radius, s.searched_at
      FROM forage_search s JOIN forage_scope sc ON sc.id = s.scope_id
      WHERE s.id = \(id) AND s.searched_at >= \(cutoff)
      """,
      logger: logger
    )
    var found: (scopeID: Int64, scope: PlacesCacheScope, search: StoredSearch)?
    for try await row in rows.decode(
      (Int64, String, String, String, Double, Double, Double, Double).self
    ) {
      let scope = PlacesCacheScope(api: row.1, type: row.2, keyword: row.3)
      let search = try Self.search((row.4, row.5, row.6, row.7), location: location, now: now())
      found = (row.0, scope, search)
    }
    guard let found else { return }
    let subscribers = state.withLock { state in
      state.subscribers.values.filter { $0.scope == found.scope }
    }
    guard !subscribers.isEmpty else { return }
    let places = try await connection.query(
      """
      SELECT p.json FROM forage_search_place sp
      JOIN forage_place p ON p.scope_id = sp.scope_id AND p.place_id = sp.place_id
      WHERE sp.search_id = \(id) AND p.learned_at >= \(cutoff) ORDER BY p.place_id
      """,
      logger: logger
    )
    var knowledge = StoredKnowledge(searches: [found.search])
    for try await json in places.decode(String.self) {
      knowledge.places.append(try Self.place(json, location: location))
    }
    knowledge.notices = try await Self.notices(
      scopeID: found.scopeID,
      cutoff: cutoff,
      on: connection,
      logger: logger
    )
    for subscriber in subscribers { subscriber.continuation.yield(knowledge) }
  }
}
