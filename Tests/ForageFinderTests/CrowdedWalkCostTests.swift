import ForageGeodesy
import ForagePlaceModel
import ForageProviders
import ForageTestSupport
import ForageTracks
import Foundation
import Testing

@testable import ForageFinder

/// A walk past more places at one spot than one search returns, at K within the cap: each fix
/// whose K nearest hold the crowd is answered by a search at the fix itself (no union of
/// searches can know the crowd whole), so the coverage policy must not spend much more than one
/// search a fix there, as the every-fix baseline does: only the searches of the fix that first
/// meets the crowd.
@Suite struct CrowdedWalkCostTests {
  /// A walk of `steps` fixes 1.4 m apart eastwards, `north` metres north of the crowd's
  /// latitude, passing it halfway.
  static func walk(steps: Int, north: Double) -> [Fix] {
    let spot = CrowdedSpotTests.spot
    return (0..<steps).map { step in
      let east = 1.4 * Double(step - steps / 2)
      return Fix(
        latitude: spot.latitude + (north + 3 * sin(Double(step) * 0.7)) / 111_320,
        longitude: spot.longitude + east / (111_320 * cos(spot.latitude * .pi / 180))
      )
    }
  }

  /// Answers `fixes` in `world` with the coverage policy and with one search a fix, each
  /// answer checked against the oracle, and returns the requests each spent.
  static func requests(
    _ world: [Place],
    _ query: PlacesQuery,
    _ fixes: [Fix],
    cap: Int = 20,
    label: String
  ) async throws -> (coverage: Int, everyFix: Int) {
    var calls: [QueryPolicy: Int] = [:]
    for policy in [QueryPolicy.coverage, .everyFix] {
      let provider = FakePlacesProvider(world: world, resultLimit: cap)
      let engine = try PlacesEngine(provider: provider, query: query, policy: policy)
      let answers = try await PlacesEngineTests.answers(engine, fixes)
      for (answer, fix) in zip(answers, fixes) {
        #expect(
          answer.places.map(\.id) == PlacesEngineTests.oracle(world, query, at: fix),
          "\(label), \(policy), fix \(answer.fixIndex)"
        )
      }
      calls[policy] = provider.callCount
    }
    return (calls[.coverage]!, calls[.everyFix]!)
  }

  /// Every crowd size from the cap up × each layout × walks through it, beside it and farther ×
  /// K at and below the cap: answers as the oracle's; at one spot, in no more requests than one
  /// search a fix and one fix's planned searches. (Scattered over 3 m, 45 places can still cost
  /// twice that on a short walk: searches among them see past some, and are planned on.)
  @Test(arguments: [20, 25, 45], CrowdedSpotTests.Layout.allCases)
  func aWalkPastACrowdCostsNoMoreThanASearchAFix(
    crowd size: Int,
    layout: CrowdedSpotTests.Layout
  ) async throws {
    let world = CrowdedSpotTests.world(crowd: size, layout: layout)
    for limit in [5, 20] {
      for (north, steps) in [(0.0, 20), (0, 100), (30, 20), (30, 100), (80, 100)] {
        let label = "crowd \(size) \(layout), K \(limit), \(north) m"
        let (coverage, everyFix) = try await Self.requests(
          world,
          PlacesQuery(radius: 500, limit: limit, type: "restaurant"),
          Self.walk(steps: steps, north: north),
          label: label
        )
        #expect(
          layout != .oneSpot || coverage <= everyFix + FixSearch.mostPlannedSearches,
          "\(label): \(coverage) requests, one a fix \(everyFix)"
        )
      }
    }
  }

  /// A receiver standing `away` metres from the crowd with GPS noise of about 2 m: every fix
  /// whose K nearest hold the crowd needs its own search, and no more than that.
  @Test(arguments: [0.0, 20, 60])
  func standingStillBesideACrowdCostsNoMoreThanASearchAFix(away: Double) async throws {
    let world = CrowdedSpotTests.world(crowd: 30, layout: .oneSpot)
    let spot = CrowdedSpotTests.spot
    let fixes = (0..<150).map { step in
      let north = away + 2 * sin(Double(step) * 1.7)
      let east = 2 * cos(Double(step) * 2.3)
      return Fix(
        latitude: spot.latitude + north / 111_320,
        longitude: spot.longitude + east / (111_320 * cos(spot.latitude * .pi / 180))
      )
    }
    for limit in [5, 20] {
      let label = "\(away) m, K \(limit)"
      let (coverage, everyFix) = try await Self.requests(
        world,
        PlacesQuery(radius: 500, limit: limit, type: "restaurant"),
        fixes,
        label: label
      )
      #expect(
        coverage <= everyFix + FixSearch.mostPlannedSearches,
        "\(label): \(coverage) requests, one a fix \(everyFix)"
      )
    }
  }

  /// A provider that pages (Google's legacy API: 20 a page, 60 a search) next to more than 60
  /// places at one spot: a search at a fix whose page ends in the crowd, and already answers
  /// the fix, fetches no more pages (three pages a fix were fetched: 900 requests for 300 fixes
  /// where one search a fix spends 300).
  @Test(arguments: [1, 20, 60])
  func aPagingProviderNextToACrowdCostsAboutASearchAFix(limit: Int) async throws {
    let world = CrowdedSpotTests.world(crowd: 65, layout: .oneSpot)
    for north in [0.0, 30] {
      let label = "K \(limit), \(north) m"
      let (coverage, everyFix) = try await Self.requests(
        world,
        PlacesQuery(radius: 500, limit: limit, type: "restaurant"),
        Self.walk(steps: 60, north: north),
        cap: 60,
        label: label
      )
      #expect(
        coverage <= everyFix + FixSearch.mostPlannedSearches,
        "\(label): \(coverage) requests, one a fix \(everyFix)"
      )
    }
  }

  /// Beyond the cap, a fix whose K nearest need a crowd no search can see past is refused in a
  /// few searches: one at the crowd proves it (about 50 searches beside it did before).
  @Test func aFixRefusedAtACrowdCostsFewSearches() async throws {
    let world = CrowdedSpotTests.world(crowd: 25, layout: .oneSpot)
    let provider = FakePlacesProvider(world: world, resultLimit: 20)
    let query = PlacesQuery(radius: 500, limit: 60, type: "restaurant")
    let engine = try PlacesEngine(provider: provider, query: query, policy: .coverage)
    let fix = Self.walk(steps: 1, north: 30)[0]
    await #expect(throws: PlacesError.self) {
      try await engine.networkAnswer(for: fix, index: 0)
    }
    #expect(provider.callCount <= 10, "\(provider.callCount) searches")
  }
}
