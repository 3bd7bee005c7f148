import ForageStore

/// One link of the finder's middleware chain, as a value: a name and a recipe that makes the
/// store middleware for each run.
///
/// Every side effect of the finder is one of these (see ``Finder/defaultMiddleware(places:notifications:recorder:logging:)``);
/// add your own, remove or reorder them in ``Finder/middleware``.
///
/// ```swift
/// let announce = FinderMiddleware("announce") { context, action, next in
///   next(action)
///   if case .placesAnswered(let answer) = action { print(answer.places.first?.place.name ?? "-") }
/// }
/// ```
public struct FinderMiddleware: Sendable {
  /// The function that passes an action on to the rest of the chain.
  public typealias Next = (FinderAction) -> Void
  /// A middleware's body: called once per action with the run's context, the action, and the
  /// rest of the chain.
  public typealias Body =
    @Sendable (_ context: FinderContext, _ action: FinderAction, _ next: Next)
    -> Void

  /// A name for logs and for finding the middleware in a chain, such as `places`.
  public var name: String
  let make:
    @Sendable (_ setup: FinderSetup, _ monitor: EffectMonitor) throws -> Middleware<
      FinderState, FinderAction
    >

  /// Creates a middleware from its body; the same body serves every run.
  ///
  /// - Parameters:
  ///   - name: A name for logs and for finding it in a chain.
  ///   - body: Called once per action, on the thread processing the store's queue.
  public init(_ name: String, _ body: @escaping Body) {
    self.init(name, setUp: { _ in body })
  }

  /// Creates a middleware that prepares itself for each run: `setUp` reads the run's options,
  /// registers hooks, makes per-run state, and returns the body.
  ///
  /// - Parameters:
  ///   - name: A name for logs and for finding it in a chain.
  ///   - setUp: Called once per run, before the first action.
  public init(_ name: String, setUp: @escaping @Sendable (FinderSetup) throws -> Body) {
    self.name = name
    make = { setup, monitor in
      let body = try setUp(setup)
      return Middleware { store, action, next in
        body(FinderContext(store: store, middleware: name, monitor: monitor), action, next)
      }
    }
  }

  /// Wraps a ForageStore middleware over the finder's state and actions, as it is.
  ///
  /// - Parameters:
  ///   - name: A name for logs and for finding it in a chain.
  ///   - middleware: The store middleware; its effects are not reported to effect observers.
  public init(_ name: String, middleware: Middleware<FinderState, FinderAction>) {
    self.init(name, storeMiddleware: { _ in middleware })
  }

  /// Creates a middleware from a per-run recipe for a store middleware: the recipe gets the
  /// run's ``FinderSetup`` (its options, hooks and attribution) and returns the store
  /// middleware for that run.
  public init(
    _ name: String,
    storeMiddleware:
      @escaping @Sendable (FinderSetup) throws -> Middleware<
        FinderState, FinderAction
      >
  ) {
    self.name = name
    make = { setup, _ in try storeMiddleware(setup) }
  }
}
