import ForageStore

/// The permission / location-update state machine as ForageStore parts: its reducer, the app's
/// side (ask, then start updates) and the system's side (answer the prompt as a scenario says).
///
/// Compose them into an app store with key paths and action embeddings:
///
/// ```swift
/// let middleware = [
///   LocationFeature.app(state: \.location, extract: \.location, embed: AppAction.location),
///   LocationFeature.system(scenario, state: \.location, extract: \.location, embed: AppAction.location),
/// ]
/// ```
public enum LocationFeature {
  /// The state machine's pure reducer.
  public static let reducer = Reducer<LocationState, LocationAction>(LocationState.reduce)

  /// The app's side: when the system reports its status, the app asks for permission if it is
  /// not determined yet, and starts location updates (they flow once authorized).
  ///
  /// - Parameters:
  ///   - state: Where the location state lives in the app's state.
  ///   - extract: The location action inside an app action, if any.
  ///   - embed: Wraps a location action as an app action.
  public static func app<State, Action>(
    state: KeyPath<State, LocationState> & Sendable,
    extract: @escaping @Sendable (Action) -> LocationAction?,
    embed: @escaping @Sendable (LocationAction) -> Action
  ) -> Middleware<State, Action> {
    Middleware { context, action, next in
      let wasReported = context.state[keyPath: state].hasReportedAuthorization
      next(action)
      guard case .authorizationChanged(let status, _) = extract(action), !wasReported else {
        return
      }
      if status == .notDetermined { context.dispatch(embed(.authorizationRequested)) }
      context.dispatch(embed(.updatesStarted))
    }
  }

  /// The system's side: a prompt shown from `.notDetermined` is answered as the scenario says.
  ///
  /// - Parameters:
  ///   - scenario: The simulated user's answers.
  ///   - state: Where the location state lives in the app's state.
  ///   - extract: The location action inside an app action, if any.
  ///   - embed: Wraps a location action as an app action.
  public static func system<State, Action>(
    _ scenario: PermissionScenario,
    state: KeyPath<State, LocationState> & Sendable,
    extract: @escaping @Sendable (Action) -> LocationAction?,
    embed: @escaping @Sendable (LocationAction) -> Action
  ) -> Middleware<State, Action> {
    Middleware { context, action, next in
      next(action)
      guard case .authorizationRequested = extract(action),
        context.state[keyPath: state].isPromptShowing
      else { return }
      context.dispatch(embed(scenario.promptAnswerAction))
    }
  }
}
