import ForageGeodesy
import ForageHTTP
import ForageLocation
import ForagePlaceModel
import ForageProviders
import ForageTestSupport
import ForageTracks
import Foundation
import Testing

@testable import ForageFinder

/// The coverage policy: answers equal a fresh query's, and requests are spent only where needed.
@Suite struct PlacesEngineTests {
  static let query = PlacesQuery(radius: 300, limit: 10, type: "restaurant")

  /// The K nearest of the type within R, by brute force over the world.
  static func oracle(_ world: [Place], _ query: PlacesQuery, at fix: Fix) -> [String] {
    let centre = Coordinate(unchecked: fix.latitude, longitude: fix.longitude)
    let typed = world.filter { $0.types.contains(query.type!) }
    let ranked = FakePlacesProvider.ranked(typed, from: centre)
    return ranked.filter { $0.distance <= query.radius }.prefix(query.limit).map(\.place.id)
  }

  /// Answers fixes in order as the middleware would: cache first, else the network.
  static func answers(_ engine: PlacesEngine, _ fixes: [Fix]) async throws -> [PlacesAnswer] {
    var answers: [PlacesAnswer] = []
    for (index, fix) in fixes.enumerated() {
      if let cached = engine.cachedAnswer(for: fix, index: index) {
        answers.append(cached)
      } else {
        answers.append(try await engine.networkAnswer(for: fix, index: index))
      }
    }
    return answers
  }

  static func walk(
    from latitude: Double,
    _ longitude: Double,
    metresEast: Double,
    steps: Int
  ) -> [Fix] {
    (0..<steps).map { step in
      Fix(
        latitude: latitude,
        longitude: longitude + metresEast * Double(step) / Double(steps)
          / (111_320 * cos(latitude * .pi / 180))
      )
    }
  }

  @Test func everyAnswerEqualsTheOracleWithFarFewerRequests() async throws {
    let world = FakePlacesProvider.world(around: 60.17, 24.94, count: 900, spacing: 40)
    let provider = FakePlacesProvider(world: world)
    let engine = try PlacesEngine(provider: provider, query: Self.query, policy: .coverage)
    let fixes = Self.walk(from: 60.17, 24.93, metresEast: 1_000, steps: 500)
    let answers = try await Self.answers(engine, fixes)
    for (answer, fix) in zip(answers, fixes) {
      #expect(
        answer.places.map(\.id) == Self.oracle(world, Self.query, at: fix),
        "fix \(answer.fixIndex)"
      )
    }
    #expect(provider.callCount < 60, "\(provider.callCount) calls for 500 fixes")
    #expect(answers.filter { $0.source == .cache }.count > 450)
  }

  @Test func aCappedAnswerNeverHidesANearerPlaceFromALaterFix() async throws {
    // 80 restaurants packed within ~30 m of A: a search at A is capped at 60, complete only to
    // about the 60th's distance. A lone restaurant L sits 120 m east of A, right beside B.
    var world = FakePlacesProvider.world(around: 60.17, 24.94, count: 80, spacing: 6)
    let lone = Place(
      id: "zz-lone",
      name: "Lone",
      coordinate: Coordinate(unchecked: 60.17, longitude: 24.94 + 120 / 55_500),
      types: ["restaurant"],
      provenance: .googleNearbySearch
    )
    world.append(lone)
    let provider = FakePlacesProvider(world: world)
    let query = PlacesQuery(radius: 500, limit: 5, type: "restaurant")
    let engine = try PlacesEngine(provider: provider, query: query, policy: .coverage)
    let a = Fix(latitude: 60.17, longitude: 24.94)
    let b = Fix(latitude: 60.17, longitude: 24.94 + 118 / 55_500)
    let answers = try await Self.answers(engine, [a, b])
    #expect(answers[0].places.map(\.id) == Self.oracle(world, query, at: a))
    #expect(answers[1].places.first?.id == "zz-lone")
    #expect(answers[1].source == .network, "the cache must not claim B's disk")
    #expect(answers[1].places.map(\.id) == Self.oracle(world, query, at: b))
  }

  @Test func aCompleteAnswerCoversTheAreaSoOneRequestServesAWalk() async throws {
    let world = FakePlacesProvider.world(around: 60.17, 24.94, count: 12, spacing: 50)
    let provider = FakePlacesProvider(world: world)
    let engine = try PlacesEngine(provider: provider, query: Self.query, policy: .coverage)
    let fixes = Self.walk(from: 60.17, 24.939, metresEast: 200, steps: 100)
    let answers = try await Self.answers(engine, fixes)
    #expect(provider.callCount == 1)
    for (answer, fix) in zip(answers, fixes) {
      #expect(answer.places.map(\.id) == Self.oracle(world, Self.query, at: fix))
    }
  }

  @Test func aProviderCompleteWithinItsRadiusIsAskedForMoreThanTheRadiusAndCoversIt() async throws {
    let world = FakePlacesProvider.world(around: 60.17, 24.94, count: 400, spacing: 30)
    let provider = RadiusProvider(world: world)
    let engine = try PlacesEngine(provider: provider, query: Self.query, policy: .coverage)
    let fixes = Self.walk(from: 60.17, 24.935, metresEast: 600, steps: 300)
    let answers = try await Self.answers(engine, fixes)
    for (answer, fix) in zip(answers, fixes) {
      #expect(answer.places.map(\.id) == Self.oracle(world, Self.query, at: fix))
    }
    // Every search names a radius (Overpass has no nearest-first ranking), more than R for the
    // fixes to come, and one answer covers its disk, so the fixes near it are answered from the
    // cache.
    let searches = provider.searches
    #expect(
      searches.allSatisfy { search in
        guard case .prominence(let radius) = search.ranking else { return false }
        return radius > Self.query.radius
      }
    )
    #expect(!searches.isEmpty && searches.count * 30 < fixes.count, "\(searches.count) searches")
  }

  @Test func aReceiverStandingStillCostsOneSearchWithEveryKindOfProvider() async throws {
    let world = FakePlacesProvider.world(around: 60.17, 24.94, count: 400, spacing: 30)
    // Within 4 m of one point, as a gpsd log of a receiver on a table.
    let fixes = (0..<200).map { index in
      let angle = Double(index) * 2.4
      return Fix(
        latitude: 60.17 + 4 * sin(angle) / 111_320,
        longitude: 24.94 + 4 * cos(angle) / 55_500
      )
    }
    let radius = RadiusProvider(world: world)
    let google = FakePlacesProvider(world: world)
    let placesNew = FakePlacesProvider(world: world, resultLimit: 20)
    // Ranked by prominence (no type): complete while under the cap, here in one page.
    let few = FakePlacesProvider.ranked(world, from: Coordinate(unchecked: 60.17, longitude: 24.94))
      .prefix(15).map(\.place)
    let sparse = FakePlacesProvider(world: few)
    // One request each: Nearby Search nearest first stops after the page that answers the fix,
    // and keeps its token for a fix that would need more. With K = 20, a page of 20 cannot tell
    // that its farthest place is nearer than the first place it left out (providers measure
    // distance their own way), so a second page is needed.
    let google20 = FakePlacesProvider(world: world)
    let cases: [(any PlacesProvider, PlacesQuery, () -> Int, Int)] = [
      (radius, Self.query, { radius.searches.count }, 1),
      (google, Self.query, { google.callCount }, 1),
      (
        google20, PlacesQuery(radius: 300, limit: 20, type: "restaurant"), { google20.callCount }, 2
      ),
      (placesNew, Self.query, { placesNew.callCount }, 1),
      (sparse, PlacesQuery(radius: 300, limit: 10, type: nil), { sparse.callCount }, 1),
    ]
    for (provider, query, requests, expected) in cases {
      let engine = try PlacesEngine(provider: provider, query: query, policy: .coverage)
      let answers = try await Self.answers(engine, fixes)
      let candidates =
        query.type == nil ? few : world.filter { $0.types.contains("restaurant") }
      for (answer, fix) in zip(answers, fixes) {
        let expected = FakePlacesProvider.ranked(
          candidates,
          from: Coordinate(unchecked: fix.latitude, longitude: fix.longitude)
        ).filter { $0.distance <= query.radius }.prefix(query.limit).map(\.place.id)
        #expect(answer.places.map(\.id) == expected)
      }
      #expect(requests() == expected, "\(type(of: provider)) \(query): \(requests()) requests")
    }
  }

  @Test func aSearchFetchesItsNextPageOnlyWhenALaterFixNeedsIt() async throws {
    let world = FakePlacesProvider.world(around: 60.17, 24.94, count: 900, spacing: 20)
    let provider = FakePlacesProvider(world: world)
    let engine = try PlacesEngine(provider: provider, query: Self.query, policy: .coverage)
    // Standing, then walking 100 m east: the first page answered the fix, and the search's
    // next pages are fetched as the walk leaves what the pages so far covered.
    let standing = (0..<20).map { _ in Fix(latitude: 60.17, longitude: 24.94) }
    let answers = try await Self.answers(engine, standing)
    #expect(provider.callCount == 1)
    provider.ageTokens()
    let walk = Self.walk(from: 60.17, 24.94, metresEast: 100, steps: 50)
    let walked = try await Self.answers(engine, walk)
    for (answer, fix) in zip(answers + walked, standing + walk) {
      #expect(answer.places.map(\.id) == Self.oracle(world, Self.query, at: fix))
    }
    #expect(provider.laterPageCount >= 1, "the first search's next page served the walk")
    #expect(provider.callCount <= 6, "\(provider.callCount) requests")
  }

  @Test func anExpiredPageTokenStartsAFreshSearchAndAnswersStayExact() async throws {
    let world = FakePlacesProvider.world(around: 60.17, 24.94, count: 900, spacing: 20)
    let standing = (0..<10).map { _ in Fix(latitude: 60.17, longitude: 24.94) }
    let walk = Self.walk(from: 60.17, 24.94, metresEast: 150, steps: 60)
    let refusals: [(PlacesError?, Bool)] = [
      (.invalidRequest(message: nil), true), (nil, false),
      (.httpStatus(503, retryAfter: nil), true),
    ]
    for (refusal, usable) in refusals {
      // Refused by the API, too old to use, or failing every attempt of every round: either way
      // a fresh search, never a failed fix.
      let provider = FakePlacesProvider(world: world, oldTokens: refusal, tokensUsable: usable)
      let engine = try PlacesEngine(provider: provider, query: Self.query, policy: .coverage)
      var answers = try await Self.answers(engine, standing)
      provider.ageTokens()
      answers += try await Self.answers(engine, walk)
      for (answer, fix) in zip(answers, standing + walk) {
        #expect(answer.places.map(\.id) == Self.oracle(world, Self.query, at: fix))
      }
      // The kept token was tried once (a round that failed is not made again with it), or,
      // too old, never.
      #expect(provider.laterPageCount == (usable ? 1 : 0), "\(String(describing: refusal))")
    }
  }

  @Test func anAPIThatNeverAcceptsPageTokensStillAnswersEveryFixAndIsNotAskedAgain() async throws {
    let world = FakePlacesProvider.world(around: 60.17, 24.94, count: 900, spacing: 20)
    // K = 20 needs a second page to prove the 20th place: without one, each fix is answered
    // from the first page, as one search per fix would answer it.
    let query = PlacesQuery(radius: 300, limit: 20, type: "restaurant")
    let provider = FakePlacesProvider(world: world, refusesTokens: true)
    let engine = try PlacesEngine(provider: provider, query: query, policy: .coverage)
    let fixes = Self.walk(from: 60.17, 24.94, metresEast: 200, steps: 40)
    let answers = try await Self.answers(engine, fixes)
    for (answer, fix) in zip(answers, fixes) {
      #expect(answer.places.map(\.id) == Self.oracle(world, query, at: fix))
    }
    #expect(provider.nextPageCount == 1, "a refused token is not asked for again")
  }

  @Test func everyFixQueriesOncePerFixAndAgreesWithCoverage() async throws {
    let world = FakePlacesProvider.world(around: 60.17, 24.94, count: 400, spacing: 30)
    let everyFix = FakePlacesProvider(world: world)
    let baseline = try PlacesEngine(provider: everyFix, query: Self.query, policy: .everyFix)
    let fixes = Self.walk(from: 60.17, 24.935, metresEast: 300, steps: 60)
    let baselineAnswers = try await Self.answers(baseline, fixes)
    #expect(everyFix.callCount == 60)
    let coverage = try PlacesEngine(
      provider: FakePlacesProvider(world: world),
      query: Self.query,
      policy: .coverage
    )
    let coverageAnswers = try await Self.answers(coverage, fixes)
    #expect(
      baselineAnswers.map { $0.places.map(\.id) } == coverageAnswers.map { $0.places.map(\.id) }
    )
  }

  @Test func aFailedSearchThrowsAndALaterOneRecovers() async throws {
    let world = FakePlacesProvider.world(around: 60.17, 24.94, count: 100, spacing: 30)
    // Before the first success a search is made twice (two rounds of the provider's retries):
    // both fail here.
    let provider = FakePlacesProvider(
      world: world,
      failures: [1: .overQueryLimit(message: nil), 2: .overQueryLimit(message: nil)]
    )
    let engine = try PlacesEngine(provider: provider, query: Self.query, policy: .coverage)
    let fix = Fix(latitude: 60.17, longitude: 24.94)
    await #expect(throws: PlacesError.overQueryLimit(message: nil)) {
      _ = try await engine.networkAnswer(for: fix, index: 0)
    }
    #expect(!engine.hasSucceeded)
    let answer = try await engine.networkAnswer(for: fix, index: 1)
    #expect(answer.places.map(\.id) == Self.oracle(world, Self.query, at: fix))
    #expect(engine.hasSucceeded)
  }

  /// The every-fix baseline is made again in rounds as a coverage search is: before the first
  /// success, a search whose first round failed is answered by its second (it failed at once).
  @Test func everyFixIsMadeAgainInRoundsToo() async throws {
    let world = FakePlacesProvider.world(around: 60.17, 24.94, count: 100, spacing: 30)
    let provider = FakePlacesProvider(world: world, failures: [1: .overQueryLimit(message: nil)])
    let engine = try PlacesEngine(provider: provider, query: Self.query, policy: .everyFix)
    let fix = Fix(latitude: 60.17, longitude: 24.94)
    let answer = try await engine.networkAnswer(for: fix, index: 0)
    #expect(answer.places.map(\.id) == Self.oracle(world, Self.query, at: fix))
    #expect(provider.callCount == 2)
  }

  /// Two fixes at one place answered at the same time: the second waits for the first's
  /// search and is answered from the cache, whichever starts first. (The check for a search in
  /// flight and the registration of a new one were two lock holds: both fixes could search.)
  @Test func twoFixesAnsweredAtOnceSpendOneSearch() async throws {
    let world = FakePlacesProvider.world(around: 60.17, 24.94, count: 12, spacing: 30)
    let fix = Fix(latitude: 60.17, longitude: 24.94)
    var searches: [Int] = []
    for _ in 0..<300 {
      let provider = FakePlacesProvider(world: world)
      let engine = try PlacesEngine(provider: provider, query: Self.query, policy: .coverage)
      async let first = engine.networkAnswer(for: fix, index: 0)
      async let second = engine.networkAnswer(for: fix, index: 1)
      let answers = try await [first, second]
      #expect(answers.allSatisfy { $0.places.map(\.id) == Self.oracle(world, Self.query, at: fix) })
      searches.append(provider.callCount)
    }
    #expect(searches.allSatisfy { $0 == 1 }, "calls per trial: \(Set(searches).sorted())")
  }

  @Test func aSearchForAFixANewerOneSupersededIsDroppedWithoutARequest() async throws {
    let world = FakePlacesProvider.world(around: 60.17, 24.94, count: 100, spacing: 30)
    let provider = FakePlacesProvider(world: world)
    let engine = try PlacesEngine(provider: provider, query: Self.query, policy: .coverage)
    engine.noteDelivered(5)
    await #expect(throws: PlacesError.cancelled) {
      _ = try await engine.networkAnswer(for: Fix(latitude: 60.17, longitude: 24.94), index: 3)
    }
    #expect(provider.callCount == 0)
    _ = try await engine.networkAnswer(for: Fix(latitude: 60.17, longitude: 24.94), index: 5)
    #expect(provider.callCount > 0)
  }

  @Test func failuresSayWhetherTheRunCanGoOn() {
    let denied = PlacesFailure(
      .requestDenied(message: "bad key"),
      fixIndex: 3,
      hasSucceededBefore: true
    )
    #expect(denied.isFatal && denied.kind == "request_denied")
    let refused = PlacesError.transport(HTTPError(.connectFailed, "connection refused"))
    #expect(PlacesFailure(refused, fixIndex: 0, hasSucceededBefore: false).isFatal)
    #expect(!PlacesFailure(refused, fixIndex: 9, hasSucceededBefore: true).isFatal)
    let limited = PlacesFailure(
      .overQueryLimit(message: nil),
      fixIndex: 1,
      hasSucceededBefore: false
    )
    // An API over quota from its first search cannot be used either: the run must end.
    #expect(limited.isFatal && limited.kind == "over_query_limit" && !limited.isRetrying)
    #expect(
      !PlacesFailure(.overQueryLimit(message: nil), fixIndex: 5, hasSucceededBefore: true).isFatal
    )
    // Once the API has answered, failures in a row end the run at the budget.
    let third = PlacesFailure(
      .httpStatus(500, retryAfter: nil),
      fixIndex: 9,
      hasSucceededBefore: true,
      failuresInARow: PlacesFailure.failuresInARowToStop
    )
    #expect(third.isFatal && third.message.contains("in a row"))
    let second = PlacesFailure(
      .httpStatus(500, retryAfter: nil),
      fixIndex: 8,
      hasSucceededBefore: true,
      failuresInARow: PlacesFailure.failuresInARowToStop - 1
    )
    #expect(!second.isFatal)
    #expect(!PlacesFailure(.cancelled, fixIndex: 1, hasSucceededBefore: false).isFatal)
    let keyed = PlacesFailure(
      .malformedResponse("https://x/?key=AIzaSECRETSECRETSECRET&location=1,2"),
      fixIndex: 1,
      hasSucceededBefore: true
    )
    #expect(!keyed.message.contains("AIzaSECRET"))
  }
}
