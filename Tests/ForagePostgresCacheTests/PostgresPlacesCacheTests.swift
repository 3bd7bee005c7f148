import ForageFinder
import ForageGeodesy
import ForagePlaceModel
import ForageTestSupport
import Foundation
import Testing

@testable import ForagePostgresCache

/// Two and more caches on one database, as processes on several machines would share it.
@Suite(.postgresCluster, .timeLimit(.minutes(2)))
struct PostgresPlacesCacheTests {
  typealias F = PostgresFixtures

  @Test func whatOneRecordsTheOtherReads() async throws {
    let database = try await F.database()
    let writer = try await F.open(database.url)
    let reader = try await F.open(database.url)
    let places = [F.place("b", 60.171), F.place("a", 60.172)]
    try await writer.record(
      places,
      around: F.centre(),
      coveredRadius: 250,
      notices: ["© OpenStreetMap contributors"],
      in: F.scope
    )
    let knowledge = try await reader.knowledge(for: F.scope)
    #expect(
      knowledge
        == StoredKnowledge(
          searches: [StoredSearch(centre: F.centre(), coveredRadius: 250, searchedAt: F.start)],
          places: places.sorted { $0.id < $1.id },
          notices: ["© OpenStreetMap contributors"]
        )
    )
    #expect(try await reader.knowledge(for: F.otherScope) == StoredKnowledge())
    await writer.close()
    await reader.close()
  }

  @Test func aSearchAnotherProcessMakesArrivesAsAnUpdate() async throws {
    let database = try await F.database()
    let first = try await F.open(database.url)
    let second = try await F.open(database.url)
    var firstUpdates = first.updates(for: F.scope).makeAsyncIterator()
    var secondUpdates = second.updates(for: F.scope).makeAsyncIterator()
    var otherScope = second.updates(for: F.otherScope).makeAsyncIterator()
    // Recorded by the first: the second hears of it, the first does not hear its own.
    try await first.record(
      [F.place("a", 60.171)],
      around: F.centre(1),
      coveredRadius: 100,
      in: F.scope
    )
    let heard = try await secondUpdates.next()
    #expect(heard?.searches.map(\.centre) == [F.centre(1)])
    #expect(heard?.places.map(\.id) == ["a"])
    try await second.record(
      [F.place("b", 60.172)],
      around: F.centre(2),
      coveredRadius: 80,
      in: F.scope
    )
    let back = try await firstUpdates.next()
    #expect(back?.searches.map(\.centre) == [F.centre(2)])
    #expect(back?.places.map(\.id) == ["b"])
    // Another scope hears only of its own searches.
    try await first.record(
      [F.place("c", 60.173)],
      around: F.centre(3),
      coveredRadius: 60,
      in: F.otherScope
    )
    let other = try await otherScope.next()
    #expect(other?.searches.map(\.centre) == [F.centre(3)])
    #expect(other?.places.map(\.id) == ["c"])
    await first.close()
    await second.close()
  }

  @Test func racingWritersStoreNothingTwiceAndLoseNothing() async throws {
    let database = try await F.database()
    let writers = 8
    var caches: [PostgresPlacesCache] = []
    for _ in 0..<writers { caches.append(try await F.open(database.url)) }
    let common = (0..<10).map { F.place("common-\($0)", 60.17 + Double($0) * 0.0001) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, cache) in caches.enumerated() {
        group.addTask {
          // The same search, with a place each found alone, and searches of their own.
          try await cache.record(
            common + [F.place("own-\(index)", 60.169)],
            around: F.centre(),
            coveredRadius: 300,
            notices: ["notice"],
            in: F.scope
          )
          for search in 1...3 {
            try await cache.record(
              common,
              around: F.centre(100 * index + search),
              coveredRadius: 50,
              in: F.scope
            )
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(
      try await F.count("SELECT count(*) FROM forage_search", in: database.name) == 1 + writers * 3
    )
    #expect(
      try await F.count(
        "SELECT count(*) FROM forage_search WHERE covered_radius = 300",
        in: database.name
      ) == 1
    )
    #expect(
      try await F.count("SELECT count(*) FROM forage_place", in: database.name) == 10 + writers
    )
    #expect(try await F.count("SELECT count(*) FROM forage_notice", in: database.name) == 1)
    #expect(try await F.count("SELECT count(*) FROM forage_scope", in: database.name) == 1)
    let shared = try await F.count(
      """
      SELECT count(*) FROM forage_search_place sp JOIN forage_search s ON s.id = sp.search_id
      WHERE s.covered_radius = 300
      """,
      in: database.name
    )
    #expect(shared == 10 + writers)
    let reader = try await F.open(database.url)
    let knowledge = try await reader.knowledge(for: F.scope)
    #expect(knowledge.searches.count == 1 + writers * 3)
    #expect(Set(knowledge.places.map(\.id)).count == knowledge.places.count)
    #expect(knowledge.places.count == 10 + writers)
    for cache in caches + [reader] { await cache.close() }
  }

  @Test func aSearchWithAPlaceThatCannotBeKeptIsNotRecordedAtAll() async throws {
    let database = try await F.database()
    let cache = try await F.open(database.url)
    var unkept = F.place("b", 60.172)
    unkept.rating = .nan
    let error = await #expect(throws: PostgresPlacesCacheError.self) {
      try await cache.record(
        [F.place("a", 60.171), unkept],
        around: F.centre(),
        coveredRadius: 250,
        in: F.scope
      )
    }
    #expect(error?.kind == .notACache)
    #expect(error?.description.contains("place 'b' cannot be kept") == true)
    // Before, the search was recorded without place b: other processes took its disk as
    // known and answered without it.
    #expect(try await cache.knowledge(for: F.scope) == StoredKnowledge())
    await cache.close()
  }

  @Test func closingACacheWhileItsListenerConnectsClosesEveryConnection() async throws {
    let database = try await F.database()
    // Closed at once, while the updates' connection is being made: a connection made after
    // the close was released unclosed, and PostgresNIO's debug builds stop the process there
    // ("PostgresConnection deinitialized before being closed"), about 2 runs in 3 of a short
    // `forage run`.
    for _ in 0..<20 {
      let cache = try await F.open(database.url)
      var updates = cache.updates(for: F.scope).makeAsyncIterator()
      await cache.close()
      #expect(try await updates.next() == nil)
    }
    // Every connection is closed: only the administrator's count is left.
    var sessions = -1
    for _ in 0..<3000 where sessions != 0 {
      sessions = try await F.count(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database.name)'",
        in: "postgres"
      )
    }
    #expect(sessions == 0)
  }

  /// Searches no forage could have written (the table's checks refuse a negative radius and
  /// NaN): read back, each is refused, not handed to the coverage cache (a covered radius of
  /// 1e308 stopped forage there).
  @Test(arguments: [
    "covered_radius = 50000.5", "covered_radius = 1e308",
    "searched_at = 'Infinity'", "covered_radius = 'Infinity'", "searched_at = 1e12",
  ])
  func anImpossibleSearchIsRefused(_ change: String) async throws {
    let database = try await F.database()
    let cache = try await F.open(database.url)
    try await cache.record(
      [F.place("a", 60.171)],
      around: F.centre(),
      coveredRadius: 250,
      in: F.scope
    )
    try await F.cluster.sql("UPDATE forage_search SET \(change)", database: database.name)
    let error = await #expect(throws: PostgresPlacesCacheError.self, "\(change)") {
      try await cache.knowledge(for: F.scope)
    }
    #expect(error?.kind == .notACache, "\(change)")
    #expect(error?.description.contains("impossible search") == true, "\(change)")
    await cache.close()
  }

  @Test func twoCachesDoNotRetryInStep() async throws {
    let database = try await F.database()
    let first = try await F.open(database.url, retry: PostgresPlacesCache.defaultRetry)
    let second = try await F.open(database.url, retry: PostgresPlacesCache.defaultRetry)
    // The same policy, seed and all, draws its jitter from another sequence in each cache
    // (before, every process waited 0.113, 0.298, 0.777, … s after losing the server).
    #expect(first.retry.seed != second.retry.seed)
    await first.close()
    await second.close()
  }

  @Test func theSameSearchRecordedAgainIsOneRowWithTheLaterTimeAndPlace() async throws {
    let database = try await F.database()
    let clock = ManualWallClock(F.start)
    let cache = try await F.open(database.url, now: clock.now)
    try await cache.record(
      [F.place("a", 60.171, name: "Old")],
      around: F.centre(),
      coveredRadius: 100,
      in: F.scope
    )
    clock.advance(by: 3600)
    try await cache.record(
      [F.place("a", 60.171, name: "New")],
      around: F.centre(),
      coveredRadius: 100,
      in: F.scope
    )
    let knowledge = try await cache.knowledge(for: F.scope)
    #expect(
      knowledge.searches == [
        StoredSearch(centre: F.centre(), coveredRadius: 100, searchedAt: F.start + 3600)
      ]
    )
    #expect(knowledge.places.map(\.name) == ["New"])
    await cache.close()
  }

  @Test func expiredKnowledgeIsNeverReadAndIsDeletedOnOpening() async throws {
    let database = try await F.database()
    let day: TimeInterval = 86_400
    let writer = try await F.open(database.url)
    try await writer.record(
      [F.place("a", 60.171)],
      around: F.centre(),
      coveredRadius: 100,
      notices: ["n"],
      in: F.scope
    )
    // A reader whose clock passes the 30 days while it runs stops reading it at once.
    let clock = ManualWallClock(F.start + 29 * day)
    let reader = try await F.open(database.url, now: clock.now)
    #expect(try await reader.knowledge(for: F.scope).searches.count == 1)
    clock.advance(by: 2 * day)
    #expect(try await reader.knowledge(for: F.scope) == StoredKnowledge())
    #expect(try await F.count("SELECT count(*) FROM forage_search", in: database.name) == 1)
    // A cache opened after the 30 days deletes it.
    let late = try await F.open(database.url, now: { F.start + 31 * day })
    #expect(try await F.count("SELECT count(*) FROM forage_search", in: database.name) == 0)
    #expect(try await F.count("SELECT count(*) FROM forage_place", in: database.name) == 0)
    #expect(try await F.count("SELECT count(*) FROM forage_notice", in: database.name) == 0)
    #expect(try await F.count("SELECT count(*) FROM forage_search_place", in: database.name) == 0)
    // A shorter time to live is kept too.
    try await writer.record(
      [F.place("b", 60.172)],
      around: F.centre(1),
      coveredRadius: 100,
      in: F.scope
    )
    let brief = try await PostgresPlacesCache(
      url: database.url,
      timeToLive: .seconds(60),
      retry: F.patient,
      now: { F.start + 61 }
    )
    #expect(try await brief.knowledge(for: F.scope) == StoredKnowledge())
    for cache in [writer, reader, late, brief] { await cache.close() }
  }

  @Test func theUnixSocketFormOpensTheSameCache() async throws {
    let database = try await F.database()
    let cluster = try F.cluster
    let overTCP = try await F.open(database.url)
    let socketURL =
      "postgres://\(cluster.adminUser)@:\(cluster.port)/\(database.name)?host=\(cluster.folder.path)"
    let overSocket = try await F.open(socketURL)
    if case .unixSocket = overSocket.location.endpoint {
    } else {
      Issue.record("not a socket: \(overSocket.location)")
    }
    try await overTCP.record(
      [F.place("a", 60.171)],
      around: F.centre(),
      coveredRadius: 100,
      in: F.scope
    )
    #expect(try await overSocket.knowledge(for: F.scope).places.map(\.id) == ["a"])
    await overTCP.close()
    await overSocket.close()
  }
}
