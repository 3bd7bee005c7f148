import ForageFinder
import ForagePostgresCache
import ForageTestSupport
import Foundation
import Testing

/// The versioned migrations: from an empty database, again, by several processes at once, and
/// a database a newer Forage wrote.
@Suite(.postgresCluster, .timeLimit(.minutes(2)))
struct PostgresCacheMigrationTests {
  typealias F = PostgresFixtures

  static let tables =
    "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables WHERE tablename LIKE 'forage_%'"

  @Test func anEmptyDatabaseGetsEveryTableAndItsVersion() async throws {
    let database = try await F.database()
    let cache = try await F.open(database.url)
    let cluster = try F.cluster
    #expect(
      try await cluster.sql(Self.tables, database: database.name)
        == "forage_notice,forage_place,forage_schema_version,forage_scope,forage_search,"
        + "forage_search_place"
    )
    #expect(
      try await cluster.sql("SELECT version FROM forage_schema_version", database: database.name)
        == "1"
    )
    await cache.close()
  }

  @Test func openingAgainChangesNothingAndKeepsWhatWasKept() async throws {
    let database = try await F.database()
    let first = try await F.open(database.url)
    try await first.record(
      [F.place("a", 60.171)],
      around: F.centre(),
      coveredRadius: 100,
      in: F.scope
    )
    await first.close()
    let second = try await F.open(database.url)
    #expect(try await F.count("SELECT count(*) FROM forage_schema_version", in: database.name) == 1)
    #expect(try await second.knowledge(for: F.scope).places.map(\.id) == ["a"])
    await second.close()
  }

  @Test func fourProcessesOpeningAnEmptyDatabaseAtOnceMigrateItOnce() async throws {
    for _ in 0..<3 {
      let database = try await F.database()
      let caches = try await withThrowingTaskGroup(of: PostgresPlacesCache.self) { group in
        for _ in 0..<4 { group.addTask { try await F.open(database.url, retry: .never) } }
        var caches: [PostgresPlacesCache] = []
        for try await cache in group { caches.append(cache) }
        return caches
      }
      #expect(caches.count == 4)
      #expect(
        try await F.count("SELECT count(*) FROM forage_schema_version", in: database.name) == 1
      )
      for cache in caches { await cache.close() }
    }
  }

  @Test func aDatabaseANewerForageWroteIsRefusedAndLeftAsItIs() async throws {
    let database = try await F.database()
    let writer = try await F.open(database.url)
    try await writer.record(
      [F.place("a", 60.171)],
      around: F.centre(),
      coveredRadius: 100,
      in: F.scope
    )
    await writer.close()
    try await F.cluster.sql(
      "INSERT INTO forage_schema_version (version) VALUES (2)",
      database: database.name
    )
    // Long after: opening would delete the expired search, if it wrote anything.
    let error = await #expect(throws: PostgresPlacesCacheError.self) {
      try await F.open(database.url, now: { F.start + 365 * 86_400 })
    }
    #expect(error?.kind == .newerSchema)
    #expect(
      error?.description.contains("newer forage (schema version 2, this one knows 1)") == true
    )
    #expect(try await F.count("SELECT count(*) FROM forage_search", in: database.name) == 1)
  }
}
