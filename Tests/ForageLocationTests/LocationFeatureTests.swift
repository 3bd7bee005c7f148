import ForageStore
import ForageStoreTesting
import ForageSupport
import ForageTracks
import Foundation
import Testing

@testable import ForageLocation

/// Every permission transition driven through a store, asserted exhaustively with the test store.
@Suite struct LocationFeatureTests {
  static let t0 = Date(timeIntervalSince1970: 1_781_263_800)
  static let fix = Fix(time: t0, latitude: 60.17, longitude: 24.94, horizontalAccuracy: 5)

  static func makeStore(_ scenario: PermissionScenario) -> TestStore<LocationState, LocationAction>
  {
    TestStore(
      initialState: LocationState(),
      reducer: LocationFeature.reducer,
      middleware: [
        LocationFeature.app(state: \.self, extract: { $0 }, embed: { $0 }),
        LocationFeature.system(scenario, state: \.self, extract: { $0 }, embed: { $0 }),
      ]
    )
  }

  @Test func promptThenGrantStartsTheFlow() async throws {
    let store = Self.makeStore(try PermissionScenario(parsing: "prompt-grant"))
    await store.send(.authorizationChanged(.notDetermined, .full)) {
      $0.hasReportedAuthorization = true
    }
    await store.receive(.authorizationRequested) { $0.isPromptShowing = true }
    await store.receive(.updatesStarted) { $0.wantsUpdates = true }
    await store.receive(.authorizationChanged(.authorizedWhenInUse, .full)) {
      $0.authorization = .authorizedWhenInUse
      $0.isPromptShowing = false
    }
    await store.send(.fixReceived(index: 0, fix: Self.fix, receivedAt: Self.t0)) {
      $0.fixesReceived = 1
      $0.fixesDelivered = 1
      $0.lastDelivered = Self.fix
      $0.lastDecision = IndexedDecision(index: 0, decision: .deliver(Self.fix))
    }
    await store.finish()
  }

  @Test func promptThenDenyKeepsFixesFromFlowing() async throws {
    let store = Self.makeStore(try PermissionScenario(parsing: "prompt-deny"))
    await store.send(.authorizationChanged(.notDetermined, .full)) {
      $0.hasReportedAuthorization = true
    }
    await store.receive(.authorizationRequested) { $0.isPromptShowing = true }
    await store.receive(.updatesStarted) { $0.wantsUpdates = true }
    await store.receive(.authorizationChanged(.denied, .full)) {
      $0.authorization = .denied
      $0.isPromptShowing = false
    }
    await store.send(.fixReceived(index: 0, fix: Self.fix, receivedAt: Self.t0)) {
      $0.fixesReceived = 1
      $0.drops = [.notAuthorized: 1]
      $0.lastDecision = IndexedDecision(index: 0, decision: .drop(.notAuthorized))
    }
    await store.finish()
  }

  @Test func alreadyGrantedStartsWithoutAPrompt() async {
    let store = Self.makeStore(.granted)
    await store.send(.authorizationChanged(.authorizedWhenInUse, .full)) {
      $0.authorization = .authorizedWhenInUse
      $0.hasReportedAuthorization = true
    }
    await store.receive(.updatesStarted) { $0.wantsUpdates = true }
    await store.finish()
  }

  @Test func deniedAndRestrictedNeverPrompt() async throws {
    for status in [AuthorizationStatus.denied, .restricted] {
      let store = Self.makeStore(try PermissionScenario(parsing: "prompt-grant"))
      await store.send(.authorizationChanged(status, .full)) {
        $0.authorization = status
        $0.hasReportedAuthorization = true
      }
      await store.receive(.updatesStarted) { $0.wantsUpdates = true }
      await store.send(.authorizationRequested)
      await store.finish()
    }
  }

  @Test func revokeMidTrackStopsAndGrantAgainResumes() async {
    let store = Self.makeStore(.granted)
    await store.send(.authorizationChanged(.authorizedWhenInUse, .full)) {
      $0.authorization = .authorizedWhenInUse
      $0.hasReportedAuthorization = true
    }
    await store.receive(.updatesStarted) { $0.wantsUpdates = true }
    await store.send(.authorizationChanged(.denied, .full)) { $0.authorization = .denied }
    await store.send(.fixReceived(index: 0, fix: Self.fix, receivedAt: Self.t0)) {
      $0.fixesReceived = 1
      $0.drops = [.notAuthorized: 1]
      $0.lastDecision = IndexedDecision(index: 0, decision: .drop(.notAuthorized))
    }
    await store.send(.authorizationChanged(.authorizedWhenInUse, .reduced)) {
      $0.authorization = .authorizedWhenInUse
      $0.accuracy = .reduced
    }
    let coarse = FixFilter().coarsened(Self.fix)
    await store.send(.fixReceived(index: 1, fix: Self.fix, receivedAt: Self.t0)) {
      $0.fixesReceived = 2
      $0.fixesDelivered = 1
      $0.lastDelivered = coarse
      $0.lastDecision = IndexedDecision(index: 1, decision: .deliver(coarse))
    }
    await store.finish()
  }

  @Test func aReplayThroughTheStoreFollowsTheScenario() async throws {
    let scenario = try PermissionScenario(parsing: "prompt-grant,revoke@fix:3,grant@fix:6")
    let store = Store(
      initialState: LocationState(),
      reducer: LocationFeature.reducer,
      middleware: [
        LocationFeature.app(state: \.self, extract: { $0 }, embed: { $0 }),
        LocationFeature.system(scenario, state: \.self, extract: { $0 }, embed: { $0 }),
      ]
    )
    let fixes = (0..<10).map {
      Fix(
        time: Self.t0.addingTimeInterval(Double($0)),
        latitude: 60.17 + Double($0) * 1e-5,
        longitude: 24.94,
        horizontalAccuracy: 5
      )
    }
    var delivered: [Int] = []
    try await SimulatedGPS(clock: VirtualClock()).replay(fixes, scenario: scenario) { output in
      switch output {
      case .authorization(let status, let accuracy, _):
        store.dispatch(.authorizationChanged(status, accuracy))
      case .fix(let index, let fix, let at):
        store.dispatch(.fixReceived(index: index, fix: fix, receivedAt: at))
      case .locationUnknown(let index, _):
        store.dispatch(.locationUnknown(index: index))
      }
      await store.idle()
      if case .deliver = store.state.lastDecision?.decision, case .fix(let index, _, _) = output {
        delivered.append(index)
      }
    }
    #expect(delivered == [0, 1, 2, 6, 7, 8, 9])
    #expect(store.state.drops == [.notAuthorized: 3])
  }
}
