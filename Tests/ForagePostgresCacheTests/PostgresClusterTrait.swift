import ForageFinder
import ForageGeodesy
import ForagePlaceModel
import ForagePostgresCache
import ForageSupport
import ForageTestSupport
import Foundation
import Synchronization
import Testing

/// A throwaway PostgreSQL cluster for a whole suite, its own or the process's shared one
/// (``ForageTestSupport/SharedPostgresCluster``); tests read it from
/// ``PostgresClusterTrait/current`` and make a database each.
struct PostgresClusterTrait: SuiteTrait, TestScoping {
  @TaskLocal static var current: PostgresCluster?

  /// Whether the suite has a cluster of its own: it stops or restarts the server.
  var isOwn: Bool

  var isRecursive: Bool { false }

  func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard isOwn else {
      try await SharedPostgresCluster.process.with { cluster in
        try await Self.$current.withValue(cluster) { try await function() }
      }
      return
    }
    let cluster = try await PostgresCluster.start()
    do {
      try await Self.$current.withValue(cluster) { try await function() }
    } catch {
      await cluster.remove()
      throw error
    }
    await cluster.remove()
  }
}

extension Trait where Self == PostgresClusterTrait {
  /// The process's shared PostgreSQL cluster.
  static var postgresCluster: Self { PostgresClusterTrait(isOwn: false) }

  /// A PostgreSQL cluster of the suite's own, which its tests may stop and restart.
  static var ownPostgresCluster: Self { PostgresClusterTrait(isOwn: true) }
}

/// What the PostgreSQL suites share: the cluster, a database per test, places and scopes.
enum PostgresFixtures {
  static let start = Date(timeIntervalSince1970: 1_790_000_000)
  static let scope = PlacesCacheScope(
    api: "google https://example.test",
    type: "restaurant",
    keyword: nil
  )
  static let otherScope = PlacesCacheScope(
    api: "overpass https://example.test",
    type: "cafe",
    keyword: "x"
  )

  /// Retries fast enough for tests, and many enough to outlast a server restart.
  static let patient = RetryPolicy(
    maxAttempts: 60,
    budget: .seconds(60),
    baseDelay: .milliseconds(20),
    multiplier: 1.5,
    maxDelay: .milliseconds(500),
    jitter: .none
  )

  /// A few quick retries: a server gone for good ends the call soon.
  static let brief = RetryPolicy(
    maxAttempts: 3,
    budget: .seconds(10),
    baseDelay: .milliseconds(10),
    maxDelay: .milliseconds(20),
    jitter: .none
  )

  /// The suite's cluster.
  static var cluster: PostgresCluster {
    get throws {
      guard let cluster = PostgresClusterTrait.current else {
        throw PostgresCluster.Failure(description: "the suite has no .postgresCluster trait")
      }
      return cluster
    }
  }

  /// A new, empty database on the suite's cluster, owned by the password user; its URL over TCP.
  static func database() async throws -> (url: String, name: String) {
    let cluster = try cluster
    let name = "forage_\(UUID().uuidString.prefix(8).lowercased())"
    try await cluster.sql("CREATE DATABASE \(name) OWNER \(cluster.user)", database: "postgres")
    return (
      "postgres://\(cluster.user):\(cluster.password)@127.0.0.1:\(cluster.port)/\(name)", name
    )
  }

  /// A number from one SQL query, asked as the administrator.
  static func count(_ query: String, in database: String) async throws -> Int {
    Int(try await cluster.sql(query, database: database)) ?? -1
  }

  static func place(_ id: String, _ latitude: Double, name: String? = nil) -> Place {
    Place(
      id: id,
      name: name ?? "Place \(id)",
      coordinate: Coordinate(unchecked: latitude, longitude: 24.94),
      rating: 4.25,
      types: ["restaurant", "food"],
      provenance: .googleNearbySearch
    )
  }

  static func centre(_ index: Int = 0) -> Coordinate {
    Coordinate(unchecked: 60.17 + Double(index) * 0.001, longitude: 24.94)
  }

  static func open(
    _ url: String,
    retry: RetryPolicy = patient,
    now: @escaping @Sendable () -> Date = { start }
  ) async throws -> PostgresPlacesCache {
    try await PostgresPlacesCache(url: url, retry: retry, now: now)
  }
}

/// A wall clock a test moves by hand.
final class ManualWallClock: Sendable {
  private let date: Mutex<Date>

  init(_ date: Date) { self.date = Mutex(date) }

  var now: @Sendable () -> Date { { self.date.withLock { $0 } } }

  func advance(by seconds: TimeInterval) { date.withLock { $0 += seconds } }
}
