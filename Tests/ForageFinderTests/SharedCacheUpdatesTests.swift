import ForageGeodesy
import ForagePlaceModel
import ForageProviders
import ForageTestSupport
import Foundation
import Synchronization
import Testing

@testable import ForageFinder

/// A places cache whose updates a test delivers by hand: the test double of a store other
/// processes write to (ForagePostgresCache's, in a run).
final class FollowedStorage: PlacesCacheStorage {
  /// Every `learn` a finder gave ``follow(_:learn:)``.
  let followers = Mutex<[@Sendable (StoredKnowledge) -> Void]>([])

  func knowledge(for scope: PlacesCacheScope) throws -> StoredKnowledge { StoredKnowledge() }

  func record(
    _ places: [Place],
    around centre: Coordinate,
    coveredRadius: Double,
    notices: [String],
    in scope: PlacesCacheScope
  ) {}

  func follow(_ scope: PlacesCacheScope, learn: @escaping @Sendable (StoredKnowledge) -> Void) {
    followers.withLock { $0.append(learn) }
  }

  /// Hands `knowledge` to every follower, as another process's search would arrive.
  func deliver(_ knowledge: StoredKnowledge) {
    for learn in followers.withLock({ $0 }) { learn(knowledge) }
  }
}

/// What other processes record reaches finders that share one coverage cache.
@Suite struct SharedCacheUpdatesTests {
  @Test(arguments: [1, 2, 5])
  func anotherProcesssSearchReachesEveryFinderOfTheFleetOnce(finders: Int) throws {
    let storage = FollowedStorage()
    let scope = PlacesCacheScope(api: "test", type: "restaurant", keyword: nil)
    let shared = SharedCoverageCache()
    let engines = try (0..<finders).map { _ in
      try PlacesEngine(
        provider: FakePlacesProvider(world: AssemblyFixtures.world),
        query: PlacesQuery(radius: 500, limit: 20, type: "restaurant"),
        policy: .coverage,
        file: (storage, scope),
        sharing: shared
      )
    }
    // One follower for the one cache, however many finders share it.
    #expect(storage.followers.withLock { $0.count } == 1)
    let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
    #expect(engines.allSatisfy { !$0.cache.covers(centre, radius: 100) })
    storage.deliver(
      StoredKnowledge(
        searches: [StoredSearch(centre: centre, coveredRadius: 300, searchedAt: Date())],
        places: []
      )
    )
    #expect(engines.allSatisfy { $0.cache.covers(centre, radius: 100) })
  }

  @Test(arguments: [1, 2, 5])
  func anotherProcesssNoticesReachEveryFinderAndTheFindersThatStartLater(finders: Int) throws {
    let storage = FollowedStorage()
    let scope = PlacesCacheScope(api: "test", type: "restaurant", keyword: nil)
    let shared = SharedCoverageCache()
    let heard = Mutex<[Int: [String]]>([:])
    func engine(_ index: Int) throws -> PlacesEngine {
      try PlacesEngine(
        provider: FakePlacesProvider(world: AssemblyFixtures.world),
        query: PlacesQuery(radius: 500, limit: 20, type: "restaurant"),
        policy: .coverage,
        file: (storage, scope),
        sharing: shared,
        onNotices: { notices in heard.withLock { $0[index, default: []] += notices } }
      )
    }
    let engines = try (0..<finders).map(engine)
    let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
    storage.deliver(
      StoredKnowledge(
        searches: [StoredSearch(centre: centre, coveredRadius: 300, searchedAt: Date())],
        places: [],
        notices: ["© OpenStreetMap contributors"]
      )
    )
    #expect(
      heard.withLock { $0 }
        == Dictionary(
          uniqueKeysWithValues: (0..<finders).map {
            ($0, ["© OpenStreetMap contributors"])
          }
        )
    )
    #expect(engines.allSatisfy { $0.storedNotices.isEmpty })
    // A finder that starts after the notice arrived has it from the start.
    #expect(try engine(finders).storedNotices == ["© OpenStreetMap contributors"])
  }
}
