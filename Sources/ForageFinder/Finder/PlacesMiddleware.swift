import ForageLocation
import ForageProviders
import Synchronization

/// The places middleware: reacts to each delivered fix with the K nearest places within R.
///
/// A fix the coverage cache fully knows is answered at once, with no request; any other fix
/// starts a search effect. A search far from the newest fix no longer matters and is cancelled
/// (latest wins); a late answer for an older fix is ignored by the reducer.
enum PlacesMiddleware {
  /// The cancellation id of places searches.
  struct SearchID: Hashable, Sendable {}

  /// Makes the middleware's body around an engine.
  ///
  /// - Parameter newAttribution: The run's whole attribution when the API's answers have added
  ///   notices to it since it was last asked, else `nil`; settled before the answer.
  static func body(
    _ engine: PlacesEngine,
    newAttribution: @escaping @Sendable () -> String? = { nil }
  ) -> FinderMiddleware.Body {
    { context, action, next in
      next(action)
      guard case .location(.fixReceived(let index, _, _), _) = action,
        let state = context.state as FinderState?, state.fatalFailure == nil,
        let decision = state.location.lastDecision, decision.index == index,
        case .deliver(let fix) = decision.decision
      else { return }
      engine.noteDelivered(index)
      if let answer = engine.cachedAnswer(for: fix, index: index) {
        if engine.isInFlightSearchStale(for: fix) { context.cancel(id: SearchID()) }
        context.dispatch(.placesAnswered(answer))
        return
      }
      let cancelOthers = engine.isInFlightSearchStale(for: fix)
      context.run("search fix \(index)", id: SearchID(), cancelInFlight: cancelOthers) { send in
        // Each failed attempt that is retried becomes an error event with retrying: true,
        // numbered across the search (its pages and its rounds).
        let failedAttempts = Mutex(0)
        let reportRetry: PlacesRetryObserver.Handler = { error, _, wait in
          let attempt = failedAttempts.withLock {
            $0 += 1
            return $0
          }
          send(
            .placesFailed(
              PlacesFailure(retrying: error, fixIndex: index, attempt: attempt, wait: wait)
            )
          )
        }
        do throws(PlacesError) {
          let answer = try await PlacesRetryObserver.withObserver(reportRetry) {
            () async throws(PlacesError) -> PlacesAnswer in
            try await engine.networkAnswer(for: fix, index: index) { error, _, wait in
              // The round's last attempt: the search is made again after `wait`.
              reportRetry(error, 0, wait)
            }
          }
          if let attribution = newAttribution() { send(.attributionSettled(attribution)) }
          send(.placesAnswered(answer))
        } catch {
          guard error != .cancelled else { return }
          // A fix that cannot be answered exactly says nothing about the API's health.
          let isNotExact = if case .notExact = error { true } else { false }
          send(
            .placesFailed(
              PlacesFailure(
                error,
                fixIndex: index,
                hasSucceededBefore: engine.hasSucceeded,
                failuresInARow: isNotExact ? 0 : engine.noteFailure()
              )
            )
          )
        }
      }
    }
  }
}
