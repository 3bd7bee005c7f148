import ForageLocation
import ForagePlaceModel
import ForageStore
import ForageStoreTesting
import ForageTestSupport
import ForageTracks
import Foundation
import Testing

@testable import ForageFinder

/// The finder's reducer: events, totals, late answers and `--changes-only`, through a test store.
@Suite struct FinderReducerTests {
  static let t0 = Date(timeIntervalSince1970: 1_781_263_800)
  static let fix = Fix(time: t0, latitude: 60.17, longitude: 24.94, horizontalAccuracy: 4)
  static let place = NearbyPlace.fixture(
    id: "a",
    name: "A",
    latitude: 60.1701,
    longitude: 24.94,
    distance: 11.1
  )

  static func answer(
    _ index: Int,
    _ places: [NearbyPlace],
    source: FinderEvent.Source = .network
  )
    -> PlacesAnswer
  {
    PlacesAnswer(
      fixIndex: index,
      latitude: 60.17,
      longitude: 24.94,
      radius: 500,
      source: source,
      places: places
    )
  }

  @Test func aDeliveredFixIsALocationEventAndItsAnswerAPlacesEvent() async {
    let store = TestStore(
      initialState: FinderState(start: Self.t0),
      reducer: Reducer(FinderState.reduce)
    )
    await store.send(.location(.authorizationChanged(.authorizedWhenInUse, .full), at: Self.t0)) {
      $0.location.authorization = .authorizedWhenInUse
      $0.location.hasReportedAuthorization = true
      $0.outbox = [
        FinderEvent(
          seq: 0,
          time: Self.t0,
          payload: .permission(status: "authorized_when_in_use", accuracy: "full")
        )
      ]
      $0.nextSeq = 1
    }
    await store.send(.location(.updatesStarted, at: Self.t0)) {
      $0.location.wantsUpdates = true
      $0.outbox = []
    }
    await store.send(
      .location(.fixReceived(index: 0, fix: Self.fix, receivedAt: Self.t0), at: Self.t0)
    ) {
      $0.location.fixesReceived = 1
      $0.location.fixesDelivered = 1
      $0.location.lastDelivered = Self.fix
      $0.location.lastDecision = IndexedDecision(index: 0, decision: .deliver(Self.fix))
      $0.outbox = [
        FinderEvent(
          seq: 1,
          time: Self.t0,
          payload: .location(fixIndex: 0, latitude: 60.17, longitude: 24.94, accuracy: 4)
        )
      ]
      $0.nextSeq = 2
    }
    await store.send(.placesAnswered(Self.answer(0, [Self.place]))) {
      $0.lastAnsweredFix = 0
      $0.lastAnswerIDs = ["a"]
      $0.summary.answers = 1
      $0.summary.placesEvents = 1
      $0.outbox = [
        FinderEvent(
          seq: 2,
          time: Self.t0,
          payload: .places(
            fixIndex: 0,
            latitude: 60.17,
            longitude: 24.94,
            radius: 500,
            source: .network,
            places: [Self.place]
          )
        )
      ]
      $0.nextSeq = 3
    }
    await store.finish()
  }

  @Test func aLateAnswerNeverOverwritesANewerOne() {
    var state = FinderState(start: Self.t0)
    FinderState.reduce(&state, .placesAnswered(Self.answer(5, [Self.place])))
    FinderState.reduce(&state, .placesAnswered(Self.answer(4, [])))
    #expect(state.outbox.isEmpty)
    #expect(state.lastAnsweredFix == 5)
    #expect(state.summary.placesEvents == 1)
  }

  @Test func changesOnlyWritesAnAnswerOnlyWhenItsPlacesChange() {
    var state = FinderState(isChangesOnly: true, start: Self.t0)
    var written = 0
    for (index, places) in [[Self.place], [Self.place], [], [Self.place]].enumerated() {
      FinderState.reduce(&state, .placesAnswered(Self.answer(index, places, source: .cache)))
      written += state.outbox.count
    }
    #expect(written == 3)
    #expect(state.summary.cacheAnswers == 4)
  }

  @Test func theSummaryCountsEverything() {
    var state = FinderState(start: Self.t0)
    let actions: [FinderAction] = [
      .location(.authorizationChanged(.authorizedWhenInUse, .full), at: Self.t0),
      .location(.updatesStarted, at: Self.t0),
      .location(.fixReceived(index: 0, fix: Self.fix, receivedAt: Self.t0), at: Self.t0),
      .location(.locationUnknown(index: 1), at: Self.t0),
      .location(
        .fixReceived(
          index: 2,
          fix: Fix(latitude: 1, longitude: 1, horizontalAccuracy: -1),
          receivedAt: Self.t0
        ),
        at: Self.t0
      ),
      .placesAnswered(Self.answer(0, [Self.place])),
      .placesFailed(
        PlacesFailure(
          fixIndex: 0,
          kind: "unknown_error",
          message: "m",
          isRetrying: false,
          isFatal: false
        )
      ),
      .runFinished(at: Self.t0.addingTimeInterval(2), requests: 7),
    ]
    for action in actions { FinderState.reduce(&state, action) }
    var expected = RunSummary()
    expected.fixes = 3
    expected.fixesUsed = 1
    expected.fixesDropped = 1
    expected.fixesLost = 1
    expected.answers = 1
    expected.placesEvents = 1
    expected.requests = 7
    // The dropout is a lost fix, not an error: only the failed search is, and its fix has no
    // answer.
    expected.errors = 1
    expected.fixesUnanswered = 1
    #expect(state.summary == expected)
    #expect(state.outbox.last?.payload == .summary(expected))
    #expect(state.isFinished)
  }

  /// A fix whose answer came after a newer fix's (or never came) is counted as skipped, so
  /// `fixes_used` = `answers` + `fixes_unanswered` + `fixes_skipped`.
  @Test func aFixOvertakenByANewerOneIsCountedAsSkipped() {
    var state = FinderState(start: Self.t0)
    var actions: [FinderAction] = [
      .location(.authorizationChanged(.authorizedWhenInUse, .full), at: Self.t0),
      .location(.updatesStarted, at: Self.t0),
    ]
    for index in 0..<3 {
      actions.append(
        .location(.fixReceived(index: index, fix: Self.fix, receivedAt: Self.t0), at: Self.t0)
      )
    }
    // Fix 2 is answered first, so fix 0's late answer is ignored; fix 1 never gets one.
    actions += [
      .placesAnswered(Self.answer(2, [Self.place])),
      .placesAnswered(Self.answer(0, [Self.place])),
      .runFinished(at: Self.t0, requests: 2),
    ]
    for action in actions { FinderState.reduce(&state, action) }
    #expect(state.summary.fixesUsed == 3)
    #expect(state.summary.answers == 1)
    #expect(state.summary.fixesSkipped == 2)
    #expect(
      state.summary.jsonMembers().contains { $0.0 == "fixes_skipped" && $0.1 == .int(2) }
    )
  }

  /// The places data's notice is in the summary of a run that answered a fix, and not in one
  /// that answered none: a run whose every search failed (on DNS, say) showed no Google data,
  /// yet said "Powered by Google".
  @Test(arguments: [true, false])
  func theAttributionGoesWithAnswers(isAnswered: Bool) {
    var state = FinderState(start: Self.t0, attribution: "Powered by Google")
    var actions: [FinderAction] = [
      .location(.authorizationChanged(.authorizedWhenInUse, .full), at: Self.t0),
      .location(.updatesStarted, at: Self.t0),
      .location(.fixReceived(index: 0, fix: Self.fix, receivedAt: Self.t0), at: Self.t0),
    ]
    actions.append(
      isAnswered
        ? .placesAnswered(Self.answer(0, []))
        : .placesFailed(
          PlacesFailure(
            fixIndex: 0,
            kind: "network_error",
            message: "m",
            isRetrying: false,
            isFatal: true
          )
        )
    )
    actions.append(.runFinished(at: Self.t0, requests: 1))
    for action in actions { FinderState.reduce(&state, action) }
    #expect(state.summary.attribution == (isAnswered ? "Powered by Google" : nil))
  }

  @Test func aFatalFailureIsKept() {
    var state = FinderState(start: Self.t0)
    let denied = PlacesFailure(
      fixIndex: 0,
      kind: "request_denied",
      message: "denied",
      isRetrying: false,
      isFatal: true
    )
    FinderState.reduce(&state, .placesFailed(denied))
    #expect(state.fatalFailure == denied)
    // A search still in flight fails after it: the first failure still says why the run stops.
    var later = denied
    later.fixIndex = 1
    later.message = "4 searches in a row failed"
    FinderState.reduce(&state, .placesFailed(later))
    #expect(state.fatalFailure == denied)
  }
}
