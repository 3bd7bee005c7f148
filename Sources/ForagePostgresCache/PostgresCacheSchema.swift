import Logging
import PostgresNIO

/// The shared cache's tables and the migrations that make and update them.
///
/// `forage_schema_version` lists the versions applied. ``migrate(_:location:logger:)`` runs in
/// one transaction under a transaction-level advisory lock, so that processes that start
/// together wait for one another and the first one migrates: the others then find nothing to
/// do. A database with a version this Forage does not know is refused, and nothing is written.
///
/// The tables are named `forage_…` so that the cache can share a database with others.
enum PostgresCacheSchema {
  /// The key of the advisory lock taken while migrating ("FRGC" as an integer).
  static let lockKey: Int64 = 0x4652_4743

  /// Every migration, oldest first: its version and its statements.
  static let migrations: [(version: Int, statements: [String])] = [
    (
      1,
      [
        """
        CREATE TABLE forage_scope (
          id bigserial PRIMARY KEY,
          api text NOT NULL,
          type text NOT NULL,
          keyword text NOT NULL,
          UNIQUE (api, type, keyword)
        )
        """,
        """
        CREATE TABLE forage_search (
          id bigserial PRIMARY KEY,
          scope_id bigint NOT NULL REFERENCES forage_scope (id),
          latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
          longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
          covered_radius double precision NOT NULL CHECK (covered_radius >= 0),
          searched_at double precision NOT NULL,
          UNIQUE (scope_id, latitude, longitude, covered_radius)
        )
        """,
        "CREATE INDEX forage_search_by_time ON forage_search (scope_id, searched_at)",
        "CREATE INDEX forage_search_by_box ON forage_search (scope_id, latitude, longitude)",
        """
        CREATE TABLE forage_place (
          scope_id bigint NOT NULL REFERENCES forage_scope (id),
          place_id text NOT NULL,
          json text NOT NULL,
          learned_at double precision NOT NULL,
          PRIMARY KEY (scope_id, place_id)
        )
        """,
        """
        CREATE TABLE forage_search_place (
          search_id bigint NOT NULL REFERENCES forage_search (id) ON DELETE CASCADE,
          scope_id bigint NOT NULL,
          place_id text NOT NULL,
          PRIMARY KEY (search_id, place_id),
          FOREIGN KEY (scope_id, place_id) REFERENCES forage_place (scope_id, place_id)
            ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE forage_notice (
          scope_id bigint NOT NULL REFERENCES forage_scope (id),
          text text NOT NULL,
          learned_at double precision NOT NULL,
          PRIMARY KEY (scope_id, text)
        )
        """,
      ]
    )
  ]

  /// The newest version this Forage knows.
  static var latestVersion: Int { migrations.last?.version ?? 0 }

  /// Brings the database's cache tables up to ``latestVersion``, in one transaction.
  ///
  /// - Returns: The versions applied now (empty when the database was up to date).
  /// - Throws: ``PostgresPlacesCacheError`` (``PostgresPlacesCacheError/Kind/newerSchema``)
  ///   for a database a newer Forage wrote, or what the connection throws.
  static func migrate(
    _ connection: PostgresConnection,
    location: PostgresCacheLocation,
    logger: Logger
  ) async throws -> [Int] {
    try await connection.transaction(logger: logger) { connection in
      try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
      try await connection.query(
        """
        CREATE TABLE IF NOT EXISTS forage_schema_version (
          version integer PRIMARY KEY,
          applied_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        logger: logger
      )
      var applied: Set<Int> = []
      let rows = try await connection.query(
        "SELECT version FROM forage_schema_version",
        logger: logger
      )
      for try await version in rows.decode(Int.self) { applied.insert(version) }
      if let newest = applied.max(), newest > latestVersion {
        throw PostgresPlacesCacheError(
          .newerSchema,
          location: location.description,
          reason: "its places cache was written by a newer forage (schema version \(newest), "
            + "this one knows \(latestVersion)); use that version or another database"
        )
      }
      var done: [Int] = []
      for migration in migrations where !applied.contains(migration.version) {
        for statement in migration.statements {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.query(
          "INSERT INTO forage_schema_version (version) VALUES (\(migration.version))",
          logger: logger
        )
        done.append(migration.version)
      }
      return done
    }
  }
}
