/// What a ``Middleware`` can do with its store: read the state, dispatch, and run effects.
///
/// The context refers to its store weakly: an effect that keeps a context does not keep the
/// store alive, and every operation does nothing once the store is gone.
public struct MiddlewareContext<State: Sendable, Action: Sendable>: Sendable {
  /// The store's weak reference, shared by every context the store makes.
  let reference: StoreReference<State, Action>
  /// The ``Store/send(_:)`` that caused the action this context was made for, if one did:
  /// what the middleware dispatches and the effects it starts belong to that send too.
  let cause: SendRecord?

  init(reference: StoreReference<State, Action>, cause: SendRecord?) {
    self.reference = reference
    self.cause = cause
  }

  /// The store, or `nil` once it has gone away.
  var store: Store<State, Action>? {
    reference.store
  }

  /// The store's current state.
  ///
  /// Read it before and after calling `next` to see what the action changed. The store is
  /// always alive while its middleware runs; reading this from an effect after the store has been
  /// deallocated is a programming error and traps.
  public var state: State {
    guard let store else {
      preconditionFailure("MiddlewareContext.state read after its store was deallocated")
    }
    return store.state
  }

  /// Queues an action; it is processed after the current one and everything queued before it.
  ///
  /// - Parameter action: The action to dispatch.
  public func dispatch(_ action: Action) {
    store?.enqueue(action, origin: .middleware(cause: cause))
  }

  /// Starts async work that the store tracks until it returns.
  ///
  /// See ``Store/run(id:cancelInFlight:priority:operation:)``. When the action being processed
  /// was sent with ``Store/send(_:)``, that send also waits for this effect.
  ///
  /// - Parameters:
  ///   - id: A cancellation id, or `nil` for an effect that can only be cancelled with the store.
  ///   - cancelInFlight: Whether starting this effect cancels the running ones with the same id
  ///     (latest wins).
  ///   - priority: The priority of the task that runs the work.
  ///   - operation: The work; it dispatches actions through the ``Send`` it is given.
  public func run(
    id: (any Hashable & Sendable)? = nil,
    cancelInFlight: Bool = true,
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async -> Void
  ) {
    store?.startEffect(
      id: id,
      cancelInFlight: cancelInFlight,
      priority: priority,
      cause: cause,
      operation: operation
    )
  }

  /// Cancels every running effect started with `id`; none of them dispatches again.
  ///
  /// - Parameter id: The cancellation id the effects were started with.
  public func cancel(id: some Hashable & Sendable) {
    store?.cancel(id: id)
  }
}

/// A weak reference to a store, made with it and shared by its middleware contexts, so that a
/// context costs no new weak reference per action.
///
/// ``store`` is set once, at the end of the store's initialiser, before the store can be used
/// from another thread; after that it is only read.
final class StoreReference<State: Sendable, Action: Sendable>: @unchecked Sendable {
  /// The store, held weakly.
  weak var store: Store<State, Action>?
}
