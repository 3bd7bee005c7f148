/// A pluggable step between ``Store/dispatch(_:)`` and the reducer, for side effects.
///
/// A store runs its middleware in the order of the list it was created with. Each one receives
/// the action and a `next` function that passes an action on to the rest of the chain (and,
/// at its end, to the reducer and the subscribers). A middleware can:
/// - pass the action on: `next(action)`;
/// - replace it: `next(.otherAction)`;
/// - swallow it: return without calling `next`;
/// - dispatch other actions: `context.dispatch(...)`, queued after the current one;
/// - read the state before and after `next`: `context.state`;
/// - start tracked async work: `context.run(id:) { send in ... }` (see ``MiddlewareContext``).
///
/// `next` runs synchronously and cannot escape: delayed work goes through an effect.
///
/// ```swift
/// let logging = Middleware<AppState, AppAction> { context, action, next in
///   let before = context.state
///   next(action)
///   print(action, before, "->", context.state)
/// }
/// ```
public struct Middleware<State: Sendable, Action: Sendable>: Sendable {
  /// The function that passes an action on to the rest of the chain.
  public typealias Next = (Action) -> Void

  /// The middleware's body.
  let body:
    @Sendable (
      _ context: MiddlewareContext<State, Action>, _ action: Action, _ next: Next
    ) -> Void

  /// Creates a middleware from its body.
  ///
  /// - Parameter body: Called once per action, on the thread that is processing the store's
  ///   queue, with the store's context, the action, and the rest of the chain.
  public init(
    _ body:
      @escaping @Sendable (
        _ context: MiddlewareContext<State, Action>, _ action: Action, _ next: Next
      ) -> Void
  ) {
    self.body = body
  }
}
