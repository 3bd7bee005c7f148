import ForageTracks
import Foundation
import Testing

@testable import ForageLocation

/// The permission / location state machine's transitions, driven through its pure reducer.
@Suite struct LocationReducerTests {
  static let t0 = Date(timeIntervalSince1970: 1_781_263_800)

  static func fix(
    _ seconds: Double,
    _ latitude: Double,
    _ longitude: Double,
    accuracy: Double? = 5
  )
    -> Fix
  {
    Fix(
      time: t0.addingTimeInterval(seconds),
      latitude: latitude,
      longitude: longitude,
      horizontalAccuracy: accuracy
    )
  }

  static func reduced(
    _ actions: [LocationAction],
    from state: LocationState = LocationState()
  )
    -> LocationState
  {
    var state = state
    for action in actions { LocationState.reduce(&state, action) }
    return state
  }

  @Test func requestingPromptsOnlyFromNotDetermined() {
    var state = Self.reduced([
      .authorizationChanged(.notDetermined, .full), .authorizationRequested,
    ])
    #expect(state.isPromptShowing)
    LocationState.reduce(&state, .authorizationChanged(.denied, .full))
    #expect(!state.isPromptShowing)
    LocationState.reduce(&state, .authorizationRequested)
    #expect(!state.isPromptShowing, "a denied app cannot prompt again")
  }

  @Test func fixesFlowOnlyWhileAuthorizedAndStarted() {
    var state = Self.reduced([.authorizationChanged(.authorizedWhenInUse, .full)])
    LocationState.reduce(
      &state,
      .fixReceived(index: 0, fix: Self.fix(0, 60.17, 24.94), receivedAt: nil)
    )
    #expect(state.lastDecision?.decision == .drop(.notAuthorized), "updates not started yet")
    LocationState.reduce(&state, .updatesStarted)
    LocationState.reduce(
      &state,
      .fixReceived(index: 1, fix: Self.fix(1, 60.17, 24.94), receivedAt: nil)
    )
    #expect(
      state.lastDecision == IndexedDecision(index: 1, decision: .deliver(Self.fix(1, 60.17, 24.94)))
    )
    #expect(state.fixesDelivered == 1)
  }

  @Test func revokingStopsUpdatesAndGrantingAgainResumesThem() {
    var state = Self.reduced([.authorizationChanged(.authorizedWhenInUse, .full), .updatesStarted])
    LocationState.reduce(&state, .authorizationChanged(.denied, .full))
    #expect(!state.isUpdating)
    LocationState.reduce(
      &state,
      .fixReceived(index: 0, fix: Self.fix(0, 60.17, 24.94), receivedAt: nil)
    )
    #expect(state.drops[.notAuthorized] == 1)
    LocationState.reduce(&state, .authorizationChanged(.authorizedWhenInUse, .full))
    #expect(state.isUpdating, "granting again resumes the updates the app asked for")
    LocationState.reduce(
      &state,
      .fixReceived(index: 1, fix: Self.fix(1, 60.17, 24.94), receivedAt: nil)
    )
    #expect(state.fixesDelivered == 1)
  }

  @Test func invalidAccuracyIsDropped() {
    let state = Self.reduced([
      .authorizationChanged(.authorizedAlways, .full), .updatesStarted,
      .fixReceived(index: 0, fix: Self.fix(0, 60.17, 24.94, accuracy: -1), receivedAt: nil),
    ])
    #expect(state.drops == [.invalid: 1])
  }

  @Test func theDistanceFilterSuppressesNearbyFixes() {
    let filter = FixFilter(distanceFilter: 10)
    let state = Self.reduced(
      [
        .authorizationChanged(.authorizedWhenInUse, .full), .updatesStarted,
        .fixReceived(index: 0, fix: Self.fix(0, 60.17, 24.94), receivedAt: nil),
        // About 5.6 m north: suppressed.
        .fixReceived(index: 1, fix: Self.fix(5, 60.17005, 24.94), receivedAt: nil),
        // About 11 m north of the first: delivered.
        .fixReceived(index: 2, fix: Self.fix(10, 60.1701, 24.94), receivedAt: nil),
      ],
      from: LocationState(filter: filter)
    )
    #expect(state.drops == [.distanceFilter: 1])
    #expect(state.fixesDelivered == 2)
    #expect(state.lastDelivered?.latitude == 60.1701)
  }

  @Test func staleAndImplausibleFixesAreDropped() {
    let filter = FixFilter(maximumAge: .seconds(30), maximumSpeed: 50)
    let state = Self.reduced(
      [
        .authorizationChanged(.authorizedWhenInUse, .full), .updatesStarted,
        .fixReceived(
          index: 0,
          fix: Self.fix(100, 60.17, 24.94),
          receivedAt: Self.t0.addingTimeInterval(100)
        ),
        // Older than the last delivered fix.
        .fixReceived(
          index: 1,
          fix: Self.fix(90, 60.17, 24.94),
          receivedAt: Self.t0.addingTimeInterval(101)
        ),
        // 60 s old on arrival.
        .fixReceived(
          index: 2,
          fix: Self.fix(102, 60.17, 24.94),
          receivedAt: Self.t0.addingTimeInterval(162)
        ),
        // 1.1 km in one second.
        .fixReceived(
          index: 3,
          fix: Self.fix(103, 60.18, 24.94),
          receivedAt: Self.t0.addingTimeInterval(103)
        ),
      ],
      from: LocationState(filter: filter)
    )
    #expect(state.drops == [.stale: 2, .implausibleJump: 1])
    #expect(state.fixesDelivered == 1)
  }

  @Test func reducedAccuracyCoarsensAndThrottles() throws {
    let state = Self.reduced([
      .authorizationChanged(.authorizedWhenInUse, .reduced), .updatesStarted,
      .fixReceived(index: 0, fix: Self.fix(0, 60.1712, 24.9433), receivedAt: nil),
      .fixReceived(index: 1, fix: Self.fix(60, 60.1713, 24.9434), receivedAt: nil),
    ])
    let delivered = try #require(state.lastDelivered)
    #expect(delivered.latitude == 60.15)
    #expect(delivered.longitude == 24.9)
    #expect((delivered.horizontalAccuracy ?? 0) >= 5_000)
    #expect(state.drops == [.reducedAccuracyRate: 1])
  }

  @Test func transientErrorsAreCounted() {
    let state = Self.reduced([.locationUnknown(index: 3), .locationUnknown(index: 4)])
    #expect(state.transientErrors == 2)
  }
}
