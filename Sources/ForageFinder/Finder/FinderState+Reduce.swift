import ForageLocation
import Foundation

extension FinderState {
  /// The finder's pure reducer: applies an action and lists the events it produced.
  public static func reduce(_ state: inout FinderState, _ action: FinderAction) {
    state.outbox.removeAll(keepingCapacity: true)
    switch action {
    case .location(let locationAction, let at):
      state.now = at
      if case .fixReceived(_, let fix, _) = locationAction {
        state.isTimeEstimated = fix.isTimeEstimated
      }
      LocationState.reduce(&state.location, locationAction)
      state.emitEvents(for: locationAction)
    case .placesAnswered(let answer):
      if let last = state.lastAnsweredFix, answer.fixIndex < last { return }
      state.lastAnsweredFix = answer.fixIndex
      state.summary.answers += 1
      if answer.source != .network { state.summary.cacheAnswers += 1 }
      if answer.source == .stored {
        state.summary.storedAnswers = (state.summary.storedAnswers ?? 0) + 1
      }
      let ids = answer.places.map(\.place.id)
      if state.isChangesOnly, ids == state.lastAnswerIDs { return }
      state.lastAnswerIDs = ids
      state.emit(
        .places(
          fixIndex: answer.fixIndex,
          latitude: answer.latitude,
          longitude: answer.longitude,
          radius: answer.radius,
          source: answer.source,
          places: answer.places
        )
      )
    case .placesFailed(let failure):
      if failure.isFatal { state.fatalFailure = failure }
      if !failure.isRetrying { state.summary.fixesUnanswered += 1 }
      state.emit(
        .error(kind: failure.kind, message: failure.message, isRetrying: failure.isRetrying)
      )
    case .notificationsSettled(let tally):
      state.summary.notifications = tally
    case .coverageSettled(let outline):
      state.summary.coverage = outline
    case .runFinished(let at, let requests):
      state.now = at
      state.summary.requests = requests
      state.isFinished = true
      state.summary.fixes = state.location.fixesReceived + state.location.transientErrors
      state.summary.fixesUsed = state.location.fixesDelivered
      state.summary.fixesDropped = state.location.fixesDropped
      state.summary.fixesLost = state.location.transientErrors
      state.summary.fixesSkipped = max(
        0,
        state.summary.fixesUsed - state.summary.answers - state.summary.fixesUnanswered
      )
      state.emit(.summary(state.summary))
    }
  }

  private mutating func emitEvents(for action: LocationAction) {
    switch action {
    case .authorizationChanged(let status, let accuracy):
      emit(.permission(status: status.rawValue, accuracy: accuracy.rawValue))
    case .fixReceived(let index, let received, _):
      guard let decision = location.lastDecision, decision.index == index else { return }
      switch decision.decision {
      case .deliver(let fix):
        emit(
          .location(
            fixIndex: index,
            latitude: fix.latitude,
            longitude: fix.longitude,
            accuracy: fix.horizontalAccuracy.flatMap { $0 >= 0 ? $0 : nil }
          )
        )
      case .drop(let reason):
        emit(
          .dropped(
            fixIndex: index,
            reason: reason.rawValue,
            latitude: received.latitude,
            longitude: received.longitude
          )
        )
      }
    case .locationUnknown(let index):
      emit(.lost(fixIndex: index))
    case .authorizationRequested, .updatesStarted, .updatesStopped:
      break
    }
  }
}
