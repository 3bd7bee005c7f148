/// A pure function that applies an action to a state in place.
///
/// Reducers describe every state change a ``Store`` makes. They must not perform side effects and
/// must not call back into the store (reading ``Store/state`` from a reducer is a programming
/// error: the state's mutex is held while the reducer runs): side effects belong in
/// ``Middleware``.
///
/// ```swift
/// let counter = Reducer<Int, CounterAction> { count, action in
///   switch action {
///   case .incremented: count += 1
///   case .decremented: count -= 1
///   }
/// }
/// ```
public struct Reducer<State, Action>: Sendable {
  /// Applies `action` to `state`.
  public let reduce: @Sendable (_ state: inout State, _ action: Action) -> Void

  /// Creates a reducer from a function that mutates the state in place.
  ///
  /// - Parameter reduce: The function applying one action to the state.
  public init(_ reduce: @escaping @Sendable (_ state: inout State, _ action: Action) -> Void) {
    self.reduce = reduce
  }

  /// A reducer that leaves the state unchanged.
  public static var empty: Reducer {
    Reducer { _, _ in }
  }

  /// Combines reducers into one that runs each of them in order on the same state and action.
  ///
  /// - Parameter reducers: The reducers, in the order they run.
  /// - Returns: A reducer applying every reducer in turn.
  public static func combine(_ reducers: Reducer...) -> Reducer {
    combine(reducers)
  }

  /// Combines reducers into one that runs each of them in order on the same state and action.
  ///
  /// - Parameter reducers: The reducers, in the order they run.
  /// - Returns: A reducer applying every reducer in turn.
  public static func combine(_ reducers: [Reducer]) -> Reducer {
    if reducers.count == 1 { return reducers[0] }
    let functions = reducers.map(\.reduce)
    return Reducer { state, action in
      for reduce in functions { reduce(&state, action) }
    }
  }
}
