import ForageGeodesy
import ForagePlaceModel
import ForageTestSupport
import ForageTracks
import Foundation
import Testing

@testable import ForageFinder

/// A receiver whose fixes repeat one position (a phone at rest, a GPS holding its last fix) costs
/// one search at the provider's cap: the search at the first fix answers it with the provider's
/// own K nearest, and so the others, with no search beside it to prove the K-th place (5
/// requests with a cap of 20 and 21 on a ring of places at R before, instead of 1 and 3).
@Suite struct RepeatedPositionTests {
  static let here = (latitude: 60.17, longitude: 24.94)

  /// 200 restaurants on a ring 497 to 503 m from ``here``: the K-th nearest lies about where a
  /// capped search stops being complete, so no search at the centre can prove it.
  static func ring() -> [Place] {
    (0..<200).map { index in
      let angle = 2 * Double.pi * Double(index) / 200
      let distance = 497 + 6 * Double(index % 7) / 6
      return Place(
        id: String(format: "r%03d", index),
        name: "Ring \(index)",
        coordinate: Coordinate(
          unchecked: here.latitude + distance * sin(angle) / 111_320,
          longitude: here.longitude + distance * cos(angle)
            / (111_320 * cos(here.latitude * .pi / 180))
        ),
        types: ["restaurant"],
        provenance: .googleNearbySearch
      )
    }
  }

  /// A dense grid, a ring at R; a provider capped at 20 (Places API (New)) and one paging to 60
  /// (Google's legacy API).
  static let cases: [(world: String, cap: Int)] = [
    ("grid", 20), ("grid", 60), ("ring", 20), ("ring", 60),
  ]

  @Test(arguments: cases)
  func fixesAtOnePositionCostOneSearch(world name: String, cap: Int) async throws {
    let world =
      name == "ring"
      ? Self.ring()
      : FakePlacesProvider.world(
        around: Self.here.latitude,
        Self.here.longitude,
        count: 900,
        spacing: 40
      )
    let provider = FakePlacesProvider(world: world, resultLimit: cap)
    let query = PlacesQuery(radius: 500, limit: 20, type: "restaurant")
    let engine = try PlacesEngine(provider: provider, query: query, policy: .coverage)
    let fixes = Array(
      repeating: Fix(latitude: Self.here.latitude, longitude: Self.here.longitude),
      count: 30
    )
    let answers = try await PlacesEngineTests.answers(engine, fixes)
    #expect(answers.count == 30)
    for answer in answers {
      #expect(answer.places.map(\.id) == PlacesEngineTests.oracle(world, query, at: fixes[0]))
    }
    // The first fix's own search, with the pages that prove its K-th place where there are
    // pages (the grid's second; all three on the ring), and nothing after it.
    let pages = name == "grid" ? min(2, cap / 20) : cap / 20
    #expect(provider.callCount == pages, "\(provider.callCount) requests")
    #expect(answers.dropFirst().allSatisfy { $0.source == .cache })
  }

  /// With `--open`, the K nearest open places may lie beyond the places a search at the very
  /// point ranked: a repeated position is then answered only from what the cache fully knows.
  @Test func withOpenOnlyThePlacesBeyondTheRankedOnesAreNotTakenOnTrust() throws {
    let world = OpenAnswerTests.world()
    let here = Coordinate(unchecked: Self.here.latitude, longitude: Self.here.longitude)
    let provider = FakePlacesProvider(world: world, resultLimit: 20)
    let query = PlacesQuery(radius: 500, limit: 20, type: "restaurant", isOpenOnly: true)
    let engine = try PlacesEngine(provider: provider, query: query, policy: .coverage)
    // The 30 nearest, of which fewer than 20 are open: the 20th open place lies beyond them.
    let nearest = FakePlacesProvider.ranked(world, from: here).prefix(30)
    engine.cache.learn(nearest.map(\.place), around: here, coveredRadius: 0)
    engine.cache.noteRankedSearch(at: here, reaching: nearest.last!.distance)
    let fix = Fix(
      time: OpenAnswerTests.start,
      latitude: Self.here.latitude,
      longitude: Self.here.longitude
    )
    #expect(engine.cachedAnswer(for: fix, index: 0) == nil)
  }
}
