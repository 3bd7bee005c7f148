import ForageTracks
import Foundation

extension LocationState {
  /// The state machine's pure reducer.
  ///
  /// - Asking prompts only from `.notDetermined`; the answer arrives as
  ///   ``LocationAction/authorizationChanged(_:_:)``.
  /// - Fixes flow only while ``isUpdating``: revoking stops them, granting again resumes them.
  /// - Every received fix gets a decision: delivered, or dropped with a reason.
  public static func reduce(_ state: inout LocationState, _ action: LocationAction) {
    switch action {
    case .authorizationRequested:
      if state.authorization == .notDetermined { state.isPromptShowing = true }
    case .authorizationChanged(let status, let accuracy):
      state.authorization = status
      state.accuracy = accuracy
      state.hasReportedAuthorization = true
      if status != .notDetermined { state.isPromptShowing = false }
    case .updatesStarted:
      state.wantsUpdates = true
    case .updatesStopped:
      state.wantsUpdates = false
    case .fixReceived(let index, let fix, let receivedAt):
      state.fixesReceived += 1
      if let time = fix.time, let last = state.lastDelivered, let lastTime = last.time,
        time < lastTime, fix.segment == last.segment
      {
        state.earlierRun += 1
      } else {
        state.earlierRun = 0
      }
      let decision: FixDecision =
        state.isUpdating
        ? state.filter.decide(
          fix,
          after: state.lastDelivered,
          now: receivedAt,
          accuracy: state.accuracy,
          earlierRun: state.earlierRun
        )
        : .drop(.notAuthorized)
      switch decision {
      case .deliver(let delivered):
        state.lastDelivered = delivered
        state.fixesDelivered += 1
      case .drop(let reason):
        state.drops[reason, default: 0] += 1
      }
      state.lastDecision = IndexedDecision(index: index, decision: decision)
    case .locationUnknown:
      state.transientErrors += 1
    }
  }
}
