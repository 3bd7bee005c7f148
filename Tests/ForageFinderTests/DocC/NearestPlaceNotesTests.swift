import ForageFinder
import ForageGeodesy
import ForageHTTP
import ForagePlaceModel
import ForageStore
import ForageStoreTesting
import ForageTestSupport
import Foundation
import Synchronization
import Testing

/// The middleware of the article "Writing a middleware": its test as the article shows it, and
/// what the article says of it (latest wins, once a run, libcurl) checked in a whole finder.
@Suite struct NearestPlaceNotesTests {
  // docc-snippet: test
  @Test func notesEachNewNearestPlaceOnce() async {
    let delivered = Mutex<[PlaceNote]>([])
    let client = NoteClient { note in delivered.withLock { $0.append(note) } }
    let store = TestStore(
      initialState: FinderState(),
      reducer: Reducer(FinderState.reduce),
      middleware: [makeNearestPlaceNotes(client)]
    )
    let answers = [
      Self.answer(fix: 0, nearest: "kamppi", distance: 40),
      Self.answer(fix: 1, nearest: "kamppi", distance: 35),  // the same place: no note
      Self.answer(fix: 2, nearest: "tori", distance: 20),
    ]
    for action in answers {
      // What the reducer does is its own tests' business: expect exactly that.
      await store.send(action) { FinderState.reduce(&$0, action) }
    }
    await store.finish()  // every delivery has returned, and none dispatched anything
    #expect(delivered.withLock { $0.map(\.placeID) } == ["kamppi", "tori"])
  }

  /// An answer for a fix whose nearest place is `id`, `distance` metres away.
  static func answer(fix: Int, nearest id: String, distance: Double) -> FinderAction {
    let place = Place(
      id: id,
      name: id.capitalized,
      coordinate: Coordinate(unchecked: 60.17, longitude: 24.94),
      provenance: .unknown
    )
    let answer = PlacesAnswer(
      fixIndex: fix,
      latitude: 60.17,
      longitude: 24.94,
      radius: 300,
      source: .cache,
      places: [NearbyPlace(place, distance: distance)]
    )
    return .placesAnswered(answer)
  }
  // docc-snippet-end

  /// A late answer, for a fix older than one already answered, is no news: the reducer ignores
  /// it, and so do the notes.
  @Test func aLateAnswerIsNotNoted() async {
    let delivered = Mutex<[PlaceNote]>([])
    let client = NoteClient { note in delivered.withLock { $0.append(note) } }
    let store = TestStore(
      initialState: FinderState(),
      reducer: Reducer(FinderState.reduce),
      middleware: [makeNearestPlaceNotes(client)]
    )
    for action in [
      Self.answer(fix: 5, nearest: "kamppi", distance: 40),
      Self.answer(fix: 3, nearest: "tori", distance: 20),
    ] {
      await store.send(action) { FinderState.reduce(&$0, action) }
    }
    await store.finish()
    #expect(delivered.withLock { $0.map(\.fixIndex) } == [5])
  }

  /// A note still on its way when the next starts is cancelled: only the latest is delivered.
  @Test func theLatestNoteWins() async {
    let gate = Gate()
    let delivered = Mutex<[String]>([])
    let client = NoteClient { note in
      await gate.wait()
      try Task.checkCancellation()
      delivered.withLock { $0.append(note.placeID) }
    }
    let store = TestStore(
      initialState: FinderState(),
      reducer: Reducer(FinderState.reduce),
      middleware: [makeNearestPlaceNotes(client)]
    )
    for (index, id) in ["kamppi", "tori", "hakaniemi"].enumerated() {
      let action = Self.answer(fix: index, nearest: id, distance: 30)
      await store.send(action) { FinderState.reduce(&$0, action) }
    }
    gate.open()
    await store.finish()
    #expect(delivered.withLock { $0 } == ["hakaniemi"])
  }

  /// In a whole finder, after the places middleware: one note for every change of the nearest
  /// place in the output, in order, and a second run notes afresh.
  @Test func aFinderNotesEveryChangeOfTheNearestPlace() async throws {
    let notes = Log<PlaceNote>()
    var finder = Finder(
      options: AssemblyFixtures.options,
      middleware: Finder.defaultMiddleware(
        provider: FakePlacesProvider(world: AssemblyFixtures.world)
      )
    )
    finder.middleware.append(.nearestPlaceNotes(NoteClient { notes.append($0) }))
    let walk = try AssemblyFixtures.walk(fixes: 80, metresPerSecond: 5)
    let events = EventCollector()
    _ = try await walk.replay(finder, writer: events)

    var expected: [PlaceNote] = []
    for event in events.events {
      guard case .places(let fix, _, _, _, _, let places) = event.payload,
        let nearest = places.first
      else { continue }
      if expected.last?.placeID != nearest.id {
        expected.append(
          PlaceNote(
            fixIndex: fix,
            placeID: nearest.id,
            name: nearest.place.displayName,
            distance: nearest.distance
          )
        )
      }
    }
    #expect(expected.count > 1)
    #expect(notes.all == expected)

    _ = try await walk.replay(finder)
    #expect(notes.all == expected + expected)
  }

  /// The live client posts each note as JSON over libcurl, and an error status is a failure.
  @Test func theLiveClientPostsJSON() async throws {
    let server = try ScriptedHTTPServer { request in
      .init(status: request.index == 0 ? 204 : 503, body: "")
    }
    defer { server.close() }
    let url = URL(string: "http://127.0.0.1:\(server.port)/notes")!
    let client = NoteClient.posting(to: url)
    let note = PlaceNote(fixIndex: 3, placeID: "p1", name: "Kamppi", distance: 12.5)
    try await client.deliver(note)
    await #expect(throws: NoteRefused(status: 503)) { try await client.deliver(note) }

    let sent = try #require(server.requests.first)
    #expect(sent.method == "POST")
    #expect(sent.target == "/notes")
    #expect(try JSONDecoder().decode(PlaceNote.self, from: Data(sent.body.utf8)) == note)
  }

  /// The stand-in answers every delivered fix with the K nearest of its places within R.
  @Test func theStandInAnswersEveryDeliveredFix() async throws {
    let places = Array(AssemblyFixtures.world.prefix(120))
    let finder = Finder(
      options: AssemblyFixtures.options,
      middleware: Finder.defaultMiddleware(places: fixedAnswers(places))
    )
    let events = EventCollector()
    let outcome = try await AssemblyFixtures.walk(fixes: 30).replay(finder, writer: events)
    #expect(outcome.summary.answers == outcome.summary.fixesUsed)
    #expect(outcome.summary.fixesUsed > 0)
    for event in events.events {
      guard
        case .places(_, let latitude, let longitude, let radius, _, let answered) = event.payload
      else { continue }
      let here = Coordinate(unchecked: latitude, longitude: longitude)
      let expected =
        places.map { (id: $0.id, distance: Geodesic.distance(here, $0.coordinate)) }
        .filter { $0.distance <= radius }.sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
        .prefix(AssemblyFixtures.options.query.limit).map(\.id)
      #expect(answered.map(\.id) == Array(expected))
    }
  }
}

extension NearestPlaceNotesTests {
  /// Holds back every task that waits until it is opened, or until the task is cancelled.
  final class Gate: Sendable {
    private struct State {
      var isOpen = false
      var nextWaiter = 0
      var waiting: [Int: UnsafeContinuation<Void, Never>] = [:]
      var cancelled: Set<Int> = []
    }

    private let state = Mutex(State())

    /// Waits until the gate is open; returns at once if it is, or when the task is cancelled.
    func wait() async {
      let waiter = state.withLock { state in
        defer { state.nextWaiter += 1 }
        return state.nextWaiter
      }
      await withTaskCancellationHandler {
        await withUnsafeContinuation { continuation in
          let goesOn = state.withLock { state in
            guard !state.isOpen, !state.cancelled.contains(waiter) else { return true }
            state.waiting[waiter] = continuation
            return false
          }
          if goesOn { continuation.resume() }
        }
      } onCancel: {
        let continuation = state.withLock { state in
          state.cancelled.insert(waiter)
          return state.waiting.removeValue(forKey: waiter)
        }
        continuation?.resume()
      }
    }

    /// Opens the gate for every task waiting and every task to come.
    func open() {
      let waiting = state.withLock { state in
        state.isOpen = true
        defer { state.waiting = [:] }
        return state.waiting.values
      }
      for continuation in waiting { continuation.resume() }
    }
  }
}
