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
      // The first that stops the run says why: searches still in flight then fail too, and
      // the last said "4 searches in a row failed" where 3 stop a run.
      if failure.isFatal, state.fatalFailure == nil { state.fatalFailure = failure }
      if !failure.isRetrying { state.summary.fixesUnanswered += 1 }
      if failure.kind == PlacesFailure.notExactKind { state.summary.fixesNotExact += 1 }
      state.emit(
        .error(kind: failure.kind, message: failure.message, isRetrying: failure.isRetrying)
      )
    case .notificationsSettled(let tally):
      state.summary.notifications = tally
    case .coverageSettled(let outline):
      state.summary.coverage = outline
    case .attributionSettled(let attribution):
      state.summary.attribution = attribution
    case .runFinished(let at, let requests, let requestsBySKU):
      state.summary.requestsBySKU = requestsBySKU.isEmpty ? nil : requestsBySKU
      state.finish(at: at, requests: requests)
    case .runCutShort(let at):
      state.summary.isComplete = false
      state.finish(
        at: at,
        requests: state.summary.answers - state.summary.cacheAnswers + state.summary.errors
      )
    }
  }

  /// Completes the summary at the end of a run and emits it.
  private mutating func finish(at: Date, requests: Int) {
    now = at
    isFinished = true
    summary.requests = requests
    summary.fixes = location.fixesReceived + location.transientErrors
    summary.fixesUsed = location.fixesDelivered
    summary.fixesDropped = location.fixesDropped
    summary.fixesLost = location.transientErrors
    // Cut short, a fix without an answer yet may still have had one.
    summary.fixesSkipped =
      summary.isComplete
      ? max(0, summary.fixesUsed - summary.answers - summary.fixesUnanswered) : 0
    // The notice a licence asks for goes with its data: a run that answered nothing (every
    // search failed, or no fix was used) showed none.
    if summary.answers == 0 { summary.attribution = nil }
    emit(.summary(summary))
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
