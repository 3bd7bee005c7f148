import ForageStore

/// What a ``FinderMiddleware`` can do with the finder's store: read the state, dispatch, and
/// run effects that the run observes (a logging middleware sees each start, finish and cancel).
///
/// It is ForageStore's `ForageStore/MiddlewareContext` with effects reported to the run.
public struct FinderContext: Sendable {
  /// The store's own context.
  public let store: MiddlewareContext<FinderState, FinderAction>
  /// The name of the middleware this context was given to.
  public let middleware: String
  let monitor: EffectMonitor

  /// The store's current state; read it before and after `next` to see what an action changed.
  public var state: FinderState { store.state }

  /// Queues an action; it is processed after the current one and everything queued before it.
  public func dispatch(_ action: FinderAction) {
    store.dispatch(action)
  }

  /// Starts async work that the store tracks until it returns, reporting its start and its
  /// end (finished or cancelled) to the run's effect observers.
  ///
  /// - Parameters:
  ///   - label: What the effect does, for logs, such as `search fix 12`.
  ///   - id: A cancellation id, or `nil` for an effect that can only be cancelled with the store.
  ///   - cancelInFlight: Whether starting this effect cancels the running ones with the same id
  ///     (latest wins).
  ///   - operation: The work; it dispatches actions through the `ForageStore/Send` it is given.
  public func run(
    _ label: String,
    id: (any Hashable & Sendable)? = nil,
    cancelInFlight: Bool = true,
    operation: @escaping @Sendable (_ send: Send<FinderAction>) async -> Void
  ) {
    guard monitor.isObserved else {
      store.run(id: id, cancelInFlight: cancelInFlight, operation: operation)
      return
    }
    let serial = monitor.start(
      middleware: middleware,
      label: label,
      id: id.map { EffectMonitor.ID($0) },
      cancelsInFlight: cancelInFlight
    )
    let monitor = monitor
    store.run(id: id, cancelInFlight: cancelInFlight) { send in
      await operation(send)
      monitor.end(serial: serial, isCancelled: Task.isCancelled || send.isCancelled)
    }
  }

  /// Cancels every running effect started with `id`; none of them dispatches again.
  public func cancel(id: some Hashable & Sendable) {
    if monitor.isObserved { monitor.cancel(id: EffectMonitor.ID(id)) }
    store.cancel(id: id)
  }
}
