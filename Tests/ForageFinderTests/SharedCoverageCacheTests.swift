import ForageFinder
import ForageProviders
import ForageTestSupport
import Foundation
import Testing

/// Finders that share one ``ForageFinder/SharedCoverageCache``: a search one made answers the
/// others, with the answers a finder alone gives.
@Suite struct SharedCoverageCacheTests {
  /// A finder over its own provider, sharing `shared` when given.
  static func finder(
    sharing shared: SharedCoverageCache?
  ) -> (Finder, FakePlacesProvider) {
    let provider = FakePlacesProvider(world: AssemblyFixtures.world)
    let finder = Finder(
      options: AssemblyFixtures.options,
      middleware: Finder.defaultMiddleware(
        places: .places(provider, requestCount: { provider.callCount }, sharing: shared)
      )
    )
    return (finder, provider)
  }

  /// The places events' fixes and answers, without their source.
  static func answers(_ events: EventCollector) -> [String] {
    events.events.compactMap { event in
      guard case .places(let fix, _, _, _, _, let places) = event.payload else { return nil }
      return "\(fix): " + places.map { "\($0.id) \($0.distance)" }.joined(separator: ", ")
    }
  }

  @Test func aSecondFinderIsAnsweredByTheFirstsSearches() async throws {
    let walk = try AssemblyFixtures.walk(fixes: 40)
    let (alone, aloneProvider) = Self.finder(sharing: nil)
    let aloneEvents = EventCollector()
    _ = try await walk.replay(alone, writer: aloneEvents)

    let shared = SharedCoverageCache()
    let (first, firstProvider) = Self.finder(sharing: shared)
    _ = try await walk.replay(first, writer: EventCollector())
    let (second, secondProvider) = Self.finder(sharing: shared)
    let secondEvents = EventCollector()
    let outcome = try await walk.replay(second, writer: secondEvents)

    #expect(firstProvider.callCount == aloneProvider.callCount)
    #expect(secondProvider.callCount == 0)
    #expect(outcome.summary.cacheAnswers == outcome.summary.answers)
    #expect(Self.answers(secondEvents) == Self.answers(aloneEvents))
  }

  @Test func findersAtOnceAnswerAsAlone() async throws {
    let walk = try AssemblyFixtures.walk(fixes: 40)
    let (alone, _) = Self.finder(sharing: nil)
    let aloneEvents = EventCollector()
    _ = try await walk.replay(alone, writer: aloneEvents)
    let shared = SharedCoverageCache()
    let runs = (0..<8).map { _ in (Self.finder(sharing: shared), EventCollector()) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for ((finder, _), events) in runs {
        group.addTask { _ = try await walk.replay(finder, writer: events) }
      }
      try await group.waitForAll()
    }
    for (_, events) in runs { #expect(Self.answers(events) == Self.answers(aloneEvents)) }
  }
}
