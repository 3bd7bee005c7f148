import Foundation
import GRDB

/// The places cache file's schema: the checks made before a file is written, and the
/// migrations that make and update it.
enum PlacesCacheSchema {
  /// Every migration this version knows, oldest first.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(sql: "PRAGMA application_id = \(PlacesCacheFile.applicationID)")
      try db.execute(
        sql: """
          CREATE TABLE scope (
            id INTEGER PRIMARY KEY,
            api TEXT NOT NULL,
            type TEXT NOT NULL,
            keyword TEXT NOT NULL,
            UNIQUE (api, type, keyword)
          );
          CREATE TABLE search (
            id INTEGER PRIMARY KEY,
            scope_id INTEGER NOT NULL REFERENCES scope (id),
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            covered_radius REAL NOT NULL,
            searched_at REAL NOT NULL
          );
          CREATE INDEX search_by_scope ON search (scope_id, searched_at);
          CREATE TABLE place (
            scope_id INTEGER NOT NULL REFERENCES scope (id),
            id TEXT NOT NULL,
            json TEXT NOT NULL,
            learned_at REAL NOT NULL,
            PRIMARY KEY (scope_id, id)
          );
          """
      )
    }
    // Places gained their provenance: the API a scope names says where its places came from.
    migrator.registerMigration("v2-place-provenance") { db in
      try db.execute(
        sql: """
          UPDATE place SET json = json_set(json, '$.provenance',
            (SELECT CASE
              WHEN scope.api LIKE 'places-new %' THEN 'places_new'
              WHEN scope.api LIKE 'overpass %' THEN 'overpass'
              ELSE 'google_nearby_search' END
             FROM scope WHERE scope.id = place.scope_id))
          WHERE json_extract(json, '$.provenance') IS NULL
          """
      )
    }
    // The notices an API's answers carry about its data (Google's html_attributions,
    // Overpass's copyright), kept so that an answer from the file still shows them.
    migrator.registerMigration("v3-notices") { db in
      try db.execute(
        sql: """
          CREATE TABLE notice (
            scope_id INTEGER NOT NULL REFERENCES scope (id),
            text TEXT NOT NULL,
            learned_at REAL NOT NULL,
            PRIMARY KEY (scope_id, text)
          );
          """
      )
    }
    // Places gained their opening hours: what Places API (New) and Overpass answered before
    // was kept without them, so it is forgotten and asked again (Google's legacy answers carry
    // no hours, and stay).
    migrator.registerMigration("v4-opening-hours") { db in
      let scopes = "SELECT id FROM scope WHERE api LIKE 'places-new %' OR api LIKE 'overpass %'"
      try db.execute(
        sql: """
          DELETE FROM search WHERE scope_id IN (\(scopes));
          DELETE FROM place WHERE scope_id IN (\(scopes));
          DELETE FROM notice WHERE scope_id IN (\(scopes));
          """
      )
    }
    return migrator
  }

  /// The tables the migrations make: a file that has every migration and lacks one is damaged.
  static let expectedTables: Set<String> = ["scope", "search", "place", "notice"]

  /// How long a writer waits for another process's transaction before giving up.
  static let busyTimeout: TimeInterval = 30

  /// Checks the file, switches it to WAL and brings its schema up to date, while no other
  /// process sets up a cache in the same folder (``PlacesCacheSetupLock``).
  ///
  /// - Throws: ``PlacesCacheFileError`` from ``inspect(_:)`` or ``open(_:)``, or when another
  ///   process sets up for longer than ``busyTimeout``.
  static func setUp(_ url: URL) throws(PlacesCacheFileError) -> DatabasePool {
    try PlacesCacheSetupLock.holding(forFileAt: url, timeout: .seconds(busyTimeout)) {
      () throws(PlacesCacheFileError) -> DatabasePool in
      // SQLite makes a -wal and a -shm file beside a file in WAL mode as soon as it reads it,
      // and a read-only connection cannot remove them: those made here for a file refused are
      // removed (while the log is empty, so that nothing is lost).
      let path = url.path
      let sideFiles = [path + "-wal", path + "-shm"].filter {
        !FileManager.default.fileExists(atPath: $0)
      }
      do throws(PlacesCacheFileError) {
        try inspect(url)
        return try open(url)
      } catch {
        let log = try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
        if (log ?? 0) == 0 {
          for side in sideFiles { try? FileManager.default.removeItem(atPath: side) }
        }
        throw error
      }
    }
  }

  /// Checks, reading only, that the file is absent, empty, or a Forage places cache of a
  /// schema this version knows, and undamaged.
  ///
  /// - Throws: ``PlacesCacheFileError`` otherwise.
  static func inspect(_ url: URL) throws(PlacesCacheFileError) {
    let path = url.path
    var status = stat()
    guard stat(path, &status) == 0 else {
      if errno == ENOENT { return }
      throw PlacesCacheFileError(.unusable, path: path, reason: String(cString: strerror(errno)))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw PlacesCacheFileError(.unusable, path: path, reason: "is not a regular file")
    }
    if status.st_size == 0 { return }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw PlacesCacheFileError(.unusable, path: path, reason: "cannot be read")
    }
    let header = (try? handle.read(upToCount: 16)) ?? Data()
    try? handle.close()
    guard header == Data("SQLite format 3\0".utf8) else {
      throw PlacesCacheFileError(
        .notACache,
        path: path,
        reason: "is not a Forage places cache (not an SQLite database); it was left as it is"
      )
    }
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(busyTimeout)
    try check(url, configuration)
  }

  /// The checks of ``inspect(_:)`` made through SQLite, reading only.
  private static func check(
    _ url: URL,
    _ configuration: Configuration
  ) throws(PlacesCacheFileError) {
    let path = url.path
    try catching(url) {
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      defer { try? queue.close() }
      try queue.read { db in
        let integrity = try String.fetchAll(db, sql: "PRAGMA quick_check")
        guard integrity == ["ok"] else {
          throw PlacesCacheFileError(
            .corrupt,
            path: path,
            reason: "is damaged (SQLite: \(integrity.first ?? "quick_check failed"))"
          )
        }
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let tables = try String.fetchAll(
          db,
          sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
        if applicationID == 0 && tables.isEmpty { return }
        guard applicationID == PlacesCacheFile.applicationID else {
          throw PlacesCacheFileError(
            .notACache,
            path: path,
            reason: "is an SQLite database but not a Forage places cache; it was left as it is"
          )
        }
        let known = Set(migrator.migrations)
        let applied = try migrator.appliedIdentifiers(db)
        let unknown = applied.subtracting(known)
        guard unknown.isEmpty else {
          throw PlacesCacheFileError(
            .newerSchema,
            path: path,
            reason:
              "was written by a newer forage (schema \(unknown.sorted().joined(separator: ", "))); "
              + "use that version or another file"
          )
        }
        // Every table its migrations made must be there.
        if applied == known {
          let missing = expectedTables.subtracting(tables)
          guard missing.isEmpty else {
            throw PlacesCacheFileError(
              .corrupt,
              path: path,
              reason: "is damaged (no table \(missing.sorted().joined(separator: ", ")))"
            )
          }
        }
      }
    }
  }

  /// Opens the file for reading and writing in WAL mode and brings its schema up to date.
  ///
  /// - Throws: ``PlacesCacheFileError`` when SQLite cannot open or migrate it.
  static func open(_ url: URL) throws(PlacesCacheFileError) -> DatabasePool {
    var configuration = Configuration()
    configuration.busyMode = .timeout(busyTimeout)
    return try catching(url) {
      try switchToWAL(url.path, configuration)
      let pool = try DatabasePool(path: url.path, configuration: configuration)
      try migrator.migrate(pool)
      return pool
    }
  }

  /// Puts a new file, or one in a rollback journal mode, in WAL mode before a pool opens it.
  ///
  /// SQLite switches a file to WAL only while no other connection holds a lock on it, and,
  /// unlike a write, fails at once with "database is locked" instead of waiting (no busy
  /// handler runs). So this waits as a write does (`BEGIN IMMEDIATE`, under the busy timeout)
  /// until no other process writes, switches, and starts again if another process slipped in
  /// between, until ``busyTimeout`` has passed.
  private static func switchToWAL(_ path: String, _ configuration: Configuration) throws {
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    defer { try? queue.close() }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(busyTimeout))
    try queue.writeWithoutTransaction { db in
      while try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
        try db.execute(sql: "BEGIN IMMEDIATE; ROLLBACK")
        do {
          try db.execute(sql: "PRAGMA journal_mode = WAL")
        } catch let error as DatabaseError
          where error.resultCode == .SQLITE_BUSY && clock.now < deadline
        {
          continue
        }
      }
    }
  }

  /// Runs `body`, turning SQLite's errors into ``PlacesCacheFileError``s that name the file.
  static func catching<T>(_ url: URL, _ body: () throws -> T) throws(PlacesCacheFileError) -> T {
    do {
      return try body()
    } catch let error as PlacesCacheFileError {
      throw error
    } catch let error as DatabaseError {
      let kind: PlacesCacheFileError.Kind =
        switch error.resultCode {
        case .SQLITE_NOTADB: .notACache
        case .SQLITE_CORRUPT: .corrupt
        default: .unusable
        }
      let message = error.message ?? "SQLite error \(error.resultCode.rawValue)"
      let reason =
        kind == .notACache
        ? "is not a Forage places cache (\(message)); it was left as it is"
        : kind == .corrupt
          ? "is damaged (SQLite: \(message))" : "cannot be used (SQLite: \(message))"
      throw PlacesCacheFileError(kind, path: url.path, reason: reason)
    } catch {
      throw PlacesCacheFileError(.unusable, path: url.path, reason: "cannot be used")
    }
  }
}
