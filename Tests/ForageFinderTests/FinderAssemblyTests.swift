import ForageLocation
import ForagePlaceModel
import ForageProviders
import ForageStore
import Foundation
import Testing

@testable import ForageFinder
@testable import ForageRecording

/// The finder as an assembly: the chain is an ordered list that users extend, trim and reorder.
@Suite struct FinderAssemblyTests {
  /// A finder with the default chain over the fake world, and a recording of what is reduced.
  static func finder(recording: MemorySink? = nil) -> (Finder, FakePlacesProvider) {
    let provider = FakePlacesProvider(world: AssemblyFixtures.world)
    let finder = Finder(
      options: AssemblyFixtures.options,
      middleware: Finder.defaultMiddleware(
        provider: provider,
        requestCount: { provider.callCount },
        recorder: recording.map(FinderMiddleware.recorder)
      )
    )
    return (finder, provider)
  }

  /// A middleware that appends every action it is given to a log.
  static func spy(_ name: String, _ log: Log<FinderAction>) -> FinderMiddleware {
    FinderMiddleware(name) { _, action, next in
      log.append(action)
      next(action)
    }
  }

  @Test func defaultChainIsOrderedAndNamed() {
    let (finder, _) = Self.finder(recording: MemorySink())
    #expect(
      finder.middleware.map(\.name) == [
        "time-stamping", "location-app", "location-system", "places", "recorder",
      ]
    )
  }

  @Test func customMiddlewareSeesEveryActionInOrder() async throws {
    let recording = MemorySink()
    var (finder, _) = Self.finder(recording: recording)
    let seen = Log<FinderAction>()
    finder.middleware.append(Self.spy("spy", seen))
    let walk = try AssemblyFixtures.walk(fixes: 40)
    let outcome = try await walk.replay(finder)

    // Last in the chain, it sees exactly what the recorder records: every action reduced.
    let recorded = recording.text.split(separator: "\n").dropFirst().map(String.init)
    let encoder = RecordingFormat.makeEncoder()
    let seenLines = try seen.all.map {
      String(try RecordingFormat.line($0, using: encoder).dropLast())
    }
    #expect(seenLines.count == recorded.count)
    let firstDifference = zip(seenLines, recorded).enumerated().first {
      $0.element.0 != $0.element.1
    }?.offset
    #expect(firstDifference == nil, "first difference at action \(firstDifference ?? -1)")
    #expect(recording.isCommitted)
    let fixes = seen.all.compactMap { action -> Int? in
      if case .location(.fixReceived(let index, _, _), _) = action { return index }
      return nil
    }
    #expect(fixes == Array(0..<40))
    guard case .location(.authorizationChanged, _) = seen.all.first,
      case .runFinished = seen.all.last
    else {
      Issue.record("the run starts or ends oddly: \(seen.all.prefix(1)) … \(seen.all.suffix(1))")
      return
    }
    #expect(outcome.summary.fixesUsed == 40)
  }

  static func time(of action: FinderAction) -> Date? {
    if case .location(_, let at) = action { return at }
    return nil
  }

  @Test func withoutThePlacesMiddlewareTheRunIsLocationOnly() async throws {
    var (finder, provider) = Self.finder()
    finder.middleware.removeAll { $0.name == "places" }
    let events = EventCollector()
    let outcome = try await AssemblyFixtures.walk(fixes: 30).replay(finder, writer: events)
    #expect(provider.callCount == 0)
    #expect(outcome.summary.requests == 0)
    #expect(outcome.summary.placesEvents == 0)
    #expect(outcome.summary.fixesUsed == 30)
    #expect(events.events.map(\.name).filter { $0 == "location" }.count == 30)
    #expect(!events.events.map(\.name).contains("places"))
    #expect(events.events.last?.name == "summary")
  }

  @Test func reorderingIsHonoured() async throws {
    let marks = Log<String>()
    func mark(_ name: String) -> FinderMiddleware {
      FinderMiddleware(name) { _, action, next in
        if case .runFinished = action { marks.append(name) }
        next(action)
      }
    }
    var (finder, _) = Self.finder()
    finder.middleware.insert(contentsOf: [mark("a"), mark("b")], at: 0)
    let walk = try AssemblyFixtures.walk(fixes: 3)
    _ = try await walk.replay(finder)
    #expect(marks.all == ["a", "b"])
    finder.middleware.swapAt(0, 1)
    _ = try await walk.replay(finder)
    #expect(marks.all == ["a", "b", "b", "a"])
  }

  @Test func stampingAfterTheLocationMiddlewareLeavesTheirActionsUnstamped() async throws {
    // A spy before time stamping sees the location middleware's actions as they dispatch them,
    // without a time; moved after it, the spy sees them stamped.
    let seen = Log<FinderAction>()
    var (finder, _) = Self.finder()
    finder.middleware.insert(Self.spy("spy", seen), at: 0)
    _ = try await AssemblyFixtures.walk(fixes: 3).replay(finder)
    #expect(seen.all.contains(.location(.updatesStarted, at: .distantPast)))

    let stamped = Log<FinderAction>()
    finder.middleware.removeFirst()
    finder.middleware.insert(Self.spy("spy", stamped), at: 1)
    _ = try await AssemblyFixtures.walk(fixes: 3).replay(finder)
    #expect(!stamped.all.contains { Self.time(of: $0) == .distantPast })
  }

  @Test func effectsAreObservedFromStartToEnd() async throws {
    let effects = Log<FinderEffectEvent>()
    var (finder, _) = Self.finder()
    finder.middleware.append(
      FinderMiddleware(
        "effects",
        setUp: { setup in
          setup.observeEffects { effects.append($0) }
          return { _, action, next in next(action) }
        }
      )
    )
    let outcome = try await AssemblyFixtures.walk(fixes: 60, metresPerSecond: 20).replay(finder)
    let started = effects.all.filter { $0.phase == .started }
    #expect(!started.isEmpty)
    #expect(started.allSatisfy { $0.middleware == "places" && $0.label.hasPrefix("search fix ") })
    // Every effect started ends exactly once.
    for effect in started {
      let ends = effects.all.filter { $0.serial == effect.serial && $0.phase != .started }
      #expect(ends.count == 1, "effect \(effect.serial)")
    }
    #expect(outcome.summary.cacheAnswers + started.count >= outcome.summary.fixesUsed)
  }

  @Test func theReadmeMiddlewareTellsOnceAboutTopRatedPlacesNearby() async throws {
    let rated = AssemblyFixtures.world.enumerated().map { index, place in
      var place = place
      place.rating = index % 7 == 0 ? 4.6 : 4.0
      return place
    }
    let provider = FakePlacesProvider(world: rated)
    let told = Log<NearbyPlace>()
    var finder = Finder(
      options: AssemblyFixtures.options,
      middleware: Finder.defaultMiddleware(provider: provider)
    )
    finder.middleware.append(topRatedNearby { told.append($0) })
    let events = EventCollector()
    _ = try await AssemblyFixtures.walk(fixes: 60).replay(finder, writer: events)

    var expected: [String] = []
    for event in events.events {
      guard case .places(_, _, _, _, _, let places) = event.payload else { continue }
      for place in places where place.distance <= 100 && (place.place.rating ?? 0) >= 4.5 {
        if !expected.contains(place.id) { expected.append(place.id) }
      }
    }
    #expect(!expected.isEmpty)
    #expect(told.all.map(\.id) == expected)
  }

  @Test func aSetupErrorStopsTheRunBeforeAnyOutput() async throws {
    struct Refused: Error {}
    var (finder, _) = Self.finder()
    finder.middleware.append(FinderMiddleware("refuses", setUp: { _ in throw Refused() }))
    let events = EventCollector()
    await #expect(throws: Refused.self) {
      _ = try await AssemblyFixtures.walk(fixes: 3).replay(finder, writer: events)
    }
    #expect(events.events.isEmpty)
  }
}
