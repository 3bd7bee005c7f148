import ForageFinder
import ForageGeodesy
import ForagePlaceModel
import ForageProviders
import ForageSupport
import Foundation
import GRDB
import Synchronization

/// A places cache kept in an SQLite file (through GRDB), so that what one run learns, the
/// places and the area its searches fully covered, serves later runs and other processes.
///
/// Knowledge is kept per ``PlacesCacheScope`` (API, type and keyword) and expires after
/// ``timeToLive`` (30 days by default: Google's terms allow keeping coordinates that long);
/// expired searches and places are never read, and are deleted once the file has been read
/// for a scope (or before the first write): no row of a file refused as damaged changes.
///
/// The file is in WAL mode with a busy timeout, so several `forage` processes can share it at
/// once; they create and migrate it one at a time (``PlacesCacheSetupLock``). Opening refuses,
/// without writing a byte, a file that is not a Forage places cache, one written by a newer
/// schema, and a damaged one. Schema changes go through GRDB's migrations.
///
/// Writes during a run never stop the run: the first write error is kept in ``writeFailure``
/// for the caller to report.
public final class PlacesCacheFile: PlacesCacheStorage {
  /// The file.
  public let url: URL
  /// How long a search and the places it found are reused.
  public let timeToLive: Duration
  /// Knowledge older than this (wall-clock time) is not used.
  public let expiresBefore: Date

  private let pool: DatabasePool
  private let now: @Sendable () -> Date
  private let state = Mutex(State())

  private struct State {
    var writeFailure: PlacesCacheFileError?
    /// Whether the expired searches and places were deleted.
    var isPurged = false
  }

  /// Thirty days, as long as Google's terms allow keeping coordinates.
  public static let defaultTimeToLive = PlacesProviderCapabilities.googleTimeToLive

  /// The `application_id` in the file's header that marks it as a Forage places cache
  /// ("FRGC").
  static let applicationID: Int32 = 0x4652_4743

  /// Opens a cache file, creating it when it does not exist (or is empty).
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - timeToLive: How long knowledge is reused; defaults to ``defaultTimeToLive``.
  ///   - now: The current wall-clock date, injected for tests.
  /// - Throws: ``PlacesCacheFileError``: ``PlacesCacheFileError/Kind/notACache``,
  ///   ``PlacesCacheFileError/Kind/newerSchema`` and ``PlacesCacheFileError/Kind/corrupt`` leave
  ///   the file untouched.
  public init(
    url: URL,
    timeToLive: Duration = PlacesCacheFile.defaultTimeToLive,
    now: @escaping @Sendable () -> Date = { Date() }
  ) throws(PlacesCacheFileError) {
    self.url = url
    self.timeToLive = timeToLive
    self.now = now
    expiresBefore = now().addingTimeInterval(-timeToLive.seconds)
    pool = try PlacesCacheSchema.setUp(url)
  }

  /// Closes the file, so that SQLite folds its write-ahead log into it and removes the `-wal`
  /// and `-shm` files beside it (when no other process has it open); later reads and writes
  /// fail. Closing when the run ends, whichever way it ends, leaves them behind on no path.
  public func close() {
    // Its readers first: SQLite removes the files when the last connection closes, and GRDB
    // closes the pool's writer before its readers, which, reading only, cannot.
    pool.releaseMemory()
    try? pool.close()
  }

  /// Deletes the expired searches and places, once.
  private func purgeExpired() throws(PlacesCacheFileError) {
    guard !state.withLock({ $0.isPurged }) else { return }
    let cutoff = expiresBefore.timeIntervalSince1970
    try PlacesCacheSchema.catching(url) {
      try pool.write { db in
        try db.execute(sql: "DELETE FROM search WHERE searched_at < ?", arguments: [cutoff])
        try db.execute(sql: "DELETE FROM place WHERE learned_at < ?", arguments: [cutoff])
      }
    }
    state.withLock { $0.isPurged = true }
  }

  /// The first error met while writing, or `nil`.
  public var writeFailure: PlacesCacheFileError? { state.withLock { $0.writeFailure } }

  /// Everything not expired that the file knows for `scope`; once it has been read, the
  /// expired searches and places are deleted (the first time only).
  ///
  /// - Throws: ``PlacesCacheFileError`` when the file cannot be read or holds impossible values.
  public func knowledge(for scope: PlacesCacheScope) throws(PlacesCacheFileError) -> StoredKnowledge
  {
    let cutoff = expiresBefore.timeIntervalSince1970
    let path = url.path
    let knowledge = try PlacesCacheSchema.catching(url) { () throws -> StoredKnowledge in
      try pool.read { db -> StoredKnowledge in
        guard
          let scopeID = try Int64.fetchOne(
            db,
            sql: "SELECT id FROM scope WHERE api = ? AND type = ? AND keyword = ?",
            arguments: [scope.api, scope.type, scope.keyword]
          )
        else { return StoredKnowledge() }
        var knowledge = StoredKnowledge()
        let searches = try Row.fetchAll(
          db,
          sql: """
            SELECT latitude, longitude, covered_radius, searched_at FROM search
            WHERE scope_id = ? AND searched_at >= ? ORDER BY id
            """,
          arguments: [scopeID, cutoff]
        )
        let reading = now()
        for row in searches {
          // Decoded with checks: a column of a number may hold text or bytes in SQLite, and
          // GRDB's subscript stops the process on them.
          guard
            let latitude = try? row.decode(Double.self, forColumn: "latitude"),
            let longitude = try? row.decode(Double.self, forColumn: "longitude"),
            let radius = try? row.decode(Double.self, forColumn: "covered_radius"),
            let searchedAt = try? row.decode(Double.self, forColumn: "searched_at"),
            let centre = try? Coordinate(latitude: latitude, longitude: longitude),
            StoredSearch.isPossible(coveredRadius: radius, searchedAt: searchedAt, now: reading)
          else {
            throw PlacesCacheFileError(.corrupt, path: path, reason: "holds an impossible search")
          }
          knowledge.searches.append(
            StoredSearch(
              centre: centre,
              coveredRadius: radius,
              searchedAt: Date(timeIntervalSince1970: searchedAt)
            )
          )
        }
        let places = try String.fetchAll(
          db,
          sql: "SELECT json FROM place WHERE scope_id = ? AND learned_at >= ? ORDER BY id",
          arguments: [scopeID, cutoff]
        )
        for json in places {
          guard let place = StoredPlace.place(from: json) else {
            throw PlacesCacheFileError(.corrupt, path: path, reason: "holds an unreadable place")
          }
          knowledge.places.append(place)
        }
        knowledge.notices = try String.fetchAll(
          db,
          sql: """
            SELECT text FROM notice WHERE scope_id = ? AND learned_at >= ?
            ORDER BY rowid
            """,
          arguments: [scopeID, cutoff]
        )
        return knowledge
      }
    }
    try purgeExpired()
    return knowledge
  }

  /// Keeps a search and the places it found; an error is kept in ``writeFailure``, not thrown.
  ///
  /// - Parameters:
  ///   - places: The places the search returned.
  ///   - centre: The search's centre.
  ///   - coveredRadius: How far the search is complete, in metres.
  ///   - notices: What the API's answers said about their data (``StoredKnowledge/notices``).
  ///   - scope: What was searched for.
  public func record(
    _ places: [Place],
    around centre: Coordinate,
    coveredRadius: Double,
    notices: [String] = [],
    in scope: PlacesCacheScope
  ) {
    let at = now().timeIntervalSince1970
    do {
      try purgeExpired()
      try PlacesCacheSchema.catching(url) {
        try pool.write { db in
          let scopeID = try self.scopeID(scope, in: db)
          try db.execute(
            sql: """
              INSERT INTO search (scope_id, latitude, longitude, covered_radius, searched_at)
              VALUES (?, ?, ?, ?, ?)
              """,
            arguments: [scopeID, centre.latitude, centre.longitude, coveredRadius, at]
          )
          for place in places {
            let json = try StoredPlace.text(of: place)
            try db.execute(
              sql: """
                INSERT INTO place (scope_id, id, json, learned_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (scope_id, id) DO UPDATE SET json = excluded.json,
                learned_at = excluded.learned_at
                """,
              arguments: [scopeID, place.id, json, at]
            )
          }
          for notice in notices {
            try db.execute(
              sql: """
                INSERT INTO notice (scope_id, text, learned_at) VALUES (?, ?, ?)
                ON CONFLICT (scope_id, text) DO UPDATE SET learned_at = excluded.learned_at
                """,
              arguments: [scopeID, notice, at]
            )
          }
        }
      }
    } catch {
      state.withLock { state in
        if state.writeFailure == nil { state.writeFailure = error }
      }
    }
  }

  /// The scope's row id, made when new.
  private func scopeID(_ scope: PlacesCacheScope, in db: Database) throws -> Int64 {
    try db.execute(
      sql: "INSERT INTO scope (api, type, keyword) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
      arguments: [scope.api, scope.type, scope.keyword]
    )
    let id = try Int64.fetchOne(
      db,
      sql: "SELECT id FROM scope WHERE api = ? AND type = ? AND keyword = ?",
      arguments: [scope.api, scope.type, scope.keyword]
    )
    guard let id else { throw DatabaseError(message: "the scope row vanished") }
    return id
  }
}
