extension Reducer {
  /// Lifts a reducer over a part of a larger state, so it can be combined with the reducers of the
  /// other parts.
  ///
  /// ```swift
  /// let app = Reducer.combine(
  ///   counter.pullback(state: \AppState.counter),
  ///   settings.pullback(state: \AppState.settings)
  /// )
  /// ```
  ///
  /// - Parameter toLocalState: The writable key path from the larger state to this reducer's state.
  /// - Returns: A reducer over the larger state that mutates only the part the key path names.
  public func pullback<ParentState>(
    state toLocalState: WritableKeyPath<ParentState, State> & Sendable
  ) -> Reducer<ParentState, Action> {
    let reduce = self.reduce
    return Reducer<ParentState, Action> { parent, action in
      reduce(&parent[keyPath: toLocalState], action)
    }
  }

  /// Lifts a reducer over a part of a larger state and a subset of a larger action type.
  ///
  /// Actions for which `toLocalAction` returns `nil` leave the state unchanged.
  ///
  /// ```swift
  /// let app = counter.pullback(state: \AppState.counter) { (action: AppAction) in
  ///   if case .counter(let local) = action { local } else { nil }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toLocalState: The writable key path from the larger state to this reducer's state.
  ///   - toLocalAction: Extracts this reducer's action from a larger action, or returns `nil`.
  /// - Returns: A reducer over the larger state and action.
  public func pullback<ParentState, ParentAction>(
    state toLocalState: WritableKeyPath<ParentState, State> & Sendable,
    action toLocalAction: @escaping @Sendable (ParentAction) -> Action?
  ) -> Reducer<ParentState, ParentAction> {
    let reduce = self.reduce
    return Reducer<ParentState, ParentAction> { parent, action in
      guard let local = toLocalAction(action) else { return }
      reduce(&parent[keyPath: toLocalState], local)
    }
  }

  /// Lifts a reducer over an optional part of a larger state; it runs only while that part exists.
  ///
  /// - Parameter toLocalState: The writable key path from the larger state to the optional part.
  /// - Returns: A reducer over the larger state that does nothing while the part is `nil`.
  public func optional<ParentState>(
    state toLocalState: WritableKeyPath<ParentState, State?> & Sendable
  ) -> Reducer<ParentState, Action> {
    let reduce = self.reduce
    return Reducer<ParentState, Action> { parent, action in
      guard parent[keyPath: toLocalState] != nil else { return }
      reduce(&parent[keyPath: toLocalState]!, action)
    }
  }
}
