import ForageGeodesy
import ForagePlaceModel
import ForageProviders
import ForageTracks
import Foundation
import Testing

@testable import ForageFinder

/// K at and beyond a provider's cap (Places API (New)'s 20): answers come from the union of the
/// searches' known disks, exact at every fix, with searches placed beside the way.
@Suite struct BeyondTheCapTests {
  static let world = FakePlacesProvider.world(around: 60.17, 24.94, count: 2_500, spacing: 25)

  /// A walk east with a little sideways wander, as a receiver's noise would give.
  static func walk(steps: Int) -> [Fix] {
    (0..<steps).map { step in
      let east = -300 + 1.4 * Double(step)
      let north = 3 * sin(Double(step) * 0.7)
      return Fix(
        latitude: 60.17 + north / 111_320,
        longitude: 24.94 + east / (111_320 * cos(60.17 * .pi / 180))
      )
    }
  }

  @Test(arguments: [21, 40, 60])
  func kBeyondTheCapIsExactAtEveryFix(_ limit: Int) async throws {
    let provider = FakePlacesProvider(world: Self.world, resultLimit: 20)
    let query = PlacesQuery(radius: 500, limit: limit, type: "restaurant")
    let engine = try PlacesEngine(provider: provider, query: query, policy: .coverage)
    let fixes = Self.walk(steps: 300)
    let answers = try await PlacesEngineTests.answers(engine, fixes)
    for (answer, fix) in zip(answers, fixes) {
      #expect(answer.places.count == limit)
      #expect(
        answer.places.map(\.id) == PlacesEngineTests.oracle(Self.world, query, at: fix),
        "K \(limit), fix \(answer.fixIndex)"
      )
    }
    // Each search knows 20 places: a fix needs at least K ∕ 20 of them, but the fixes after
    // it share theirs.
    #expect(provider.callCount * 3 < fixes.count, "\(provider.callCount) calls")
  }

  @Test func kAtTheCapSearchesBesideTheWayAndServesManyFixesARequest() async throws {
    let provider = FakePlacesProvider(world: Self.world, resultLimit: 20)
    let query = PlacesQuery(radius: 500, limit: 20, type: "restaurant")
    let engine = try PlacesEngine(provider: provider, query: query, policy: .coverage)
    let fixes = Self.walk(steps: 400)
    let answers = try await PlacesEngineTests.answers(engine, fixes)
    for (answer, fix) in zip(answers, fixes) {
      #expect(answer.places.map(\.id) == PlacesEngineTests.oracle(Self.world, query, at: fix))
    }
    // Off the way: more than 20 m north or south of the line the fixes follow.
    let beside = provider.searchedCentres.filter { abs($0.latitude - 60.17) * 111_320 > 20 }
    #expect(!beside.isEmpty)
    #expect(provider.callCount * 5 < fixes.count, "\(provider.callCount) calls")
  }

  @Test func theCacheKnowsTheDisksOfAPlacesCacheFileForThePlanner() throws {
    let cache = try CoverageCache(
      stored: StoredKnowledge(
        searches: [
          StoredSearch(
            centre: Coordinate(unchecked: 60.17, longitude: 24.94),
            coveredRadius: 150,
            searchedAt: Date(timeIntervalSince1970: 0)
          )
        ]
      )
    )
    let near = cache.knownDisks(
      near: Coordinate(unchecked: 60.171, longitude: 24.94),
      within: 10
    )
    #expect(near.map(\.radius) == [150])
    #expect(
      cache.knownDisks(near: Coordinate(unchecked: 60.19, longitude: 24.94), within: 10).isEmpty
    )
  }
}
