import ForageFinder
import ForageSupport
import Foundation
import Testing

/// The example of the article "Assembling a finder" runs as the article says.
@Suite struct WalkFinderTests {
  @Test func theWalkFinderIsTheDefaultChainAndTheNotes() {
    let finder = makeWalkFinder(
      provider: FakePlacesProvider(world: AssemblyFixtures.world),
      notes: NoteClient { _ in }
    )
    #expect(
      finder.middleware.map(\.name) == [
        "time-stamping", "location-app", "location-system", "places", "nearest-place-notes",
      ]
    )
    #expect(finder.options.query == PlacesQuery(radius: 300, limit: 5, type: "restaurant"))
  }

  /// A link inserted before `places` sees every fix before `places` does; with no `places`, it
  /// goes at the end.
  @Test func aLinkInsertedBeforePlacesComesJustBeforeIt() {
    var finder = makeWalkFinder(
      provider: FakePlacesProvider(world: AssemblyFixtures.world),
      notes: NoteClient { _ in }
    )
    finder.insertBeforePlaces(FinderMiddleware("gate") { _, action, next in next(action) })
    #expect(
      finder.middleware.map(\.name) == [
        "time-stamping", "location-app", "location-system", "gate", "places",
        "nearest-place-notes",
      ]
    )
    finder.middleware.removeAll { $0.name == "places" }
    finder.insertBeforePlaces(FinderMiddleware("last") { _, action, next in next(action) })
    #expect(finder.middleware.last?.name == "last")
  }

  @Test func replayingAWalkWritesEveryEventAndTheNotes() async throws {
    let provider = FakePlacesProvider(world: AssemblyFixtures.world)
    let notes = Log<PlaceNote>()
    let finder = makeWalkFinder(provider: provider, notes: NoteClient { notes.append($0) })
    let walk = try AssemblyFixtures.walk(fixes: 60)
    let (output, summary) = try await replay(walk.track.url, through: finder)

    let events = try output.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)) }
    #expect(events.count > 60)
    #expect(events.last?["event"]?.string == "summary")
    let places = events.filter { $0["event"]?.string == "places" }
    #expect(places.count == summary.answers)
    #expect(summary.answers == summary.fixesUsed)
    #expect(summary.requests == 0, "no request counter was given")
    #expect(summary.cacheAnswers > 0)
    #expect(provider.callCount < summary.fixesUsed)
    #expect(!notes.all.isEmpty)
  }
}
