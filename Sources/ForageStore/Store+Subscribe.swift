import Synchronization

extension Store {
  /// Subscribes to a selection of the state.
  ///
  /// `onChange` gets the selected value once at once, then after each action whose change
  /// passes the selection's filters. When the store is idle the first call happens before this
  /// returns; when another thread (or a notification in progress) is processing actions, it
  /// happens in queue order right after the work already queued. Calls never overlap and come
  /// in subscription order across subscribers.
  ///
  /// ```swift
  /// let token = store.subscribe(
  ///   Selection(\.results).skip { old, new in new.isEmpty }
  /// ) { results in render(results) }
  /// ```
  ///
  /// - Parameters:
  ///   - selection: What to observe, and which changes to report.
  ///   - onChange: Called with the selected value. Capture objects weakly: the store keeps this
  ///     closure until the token is cancelled or released.
  /// - Returns: The token that keeps the subscription alive.
  public func subscribe<Value>(
    _ selection: Selection<State, Value>,
    onChange: @escaping @Sendable (Value) -> Void
  ) -> SubscriptionToken {
    addSubscriber(selection, onChange: onChange)
  }

  /// Subscribes to the value at a key path, skipping repeats.
  ///
  /// Every subscriber to the same key path shares one evaluation per action.
  ///
  /// - Parameters:
  ///   - keyPath: The key path from the state to the value.
  ///   - onChange: Called with the value now and after every action that changes it.
  /// - Returns: The token that keeps the subscription alive.
  public func subscribe<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<State, Value> & Sendable,
    onChange: @escaping @Sendable (Value) -> Void
  ) -> SubscriptionToken {
    addSubscriber(Selection(keyPath), onChange: onChange)
  }

  /// Subscribes to a value computed from the state, skipping repeats.
  ///
  /// `@inlinable` so that the evaluation of such subscribers is made for the concrete state and
  /// value types (see `Selection.init(_:)` for closures).
  ///
  /// - Parameters:
  ///   - select: Computes the value; it runs after every action, so keep it cheap.
  ///   - onChange: Called with the value now and after every action that changes it.
  /// - Returns: The token that keeps the subscription alive.
  @inlinable
  public func subscribe<Value: Equatable & Sendable>(
    select: @escaping @Sendable (State) -> Value,
    onChange: @escaping @Sendable (Value) -> Void
  ) -> SubscriptionToken {
    addSubscriber(Selection(select), onChange: onChange)
  }

  /// Subscribes an object to a selection for as long as both the object and the token live.
  ///
  /// The store holds `observer` weakly: once it is deallocated it is never called again and its
  /// subscription ends at the next change.
  ///
  /// - Parameters:
  ///   - selection: What to observe, and which changes to report.
  ///   - observer: The object to call.
  ///   - onChange: Called with the observer and the selected value.
  /// - Returns: The token that keeps the subscription alive.
  public func subscribe<Observer: AnyObject & Sendable, Value>(
    _ selection: Selection<State, Value>,
    observer: Observer,
    onChange: @escaping @Sendable (_ observer: Observer, _ value: Value) -> Void
  ) -> SubscriptionToken {
    let box = WeakTokenBox()
    let token = addSubscriber(selection) { [weak observer] value in
      if let observer {
        onChange(observer, value)
      } else {
        box.token?.cancel()
      }
    }
    box.token = token
    return token
  }
}

/// Lets a weakly-held observer's subscription cancel itself once the observer is gone.
private final class WeakTokenBox: Sendable {
  /// A weak reference to the token, so the subscription does not keep itself alive.
  private struct Reference {
    weak var token: SubscriptionToken?
  }

  private let reference = Mutex(Reference())

  /// The subscription's token; read on the processing thread, written by the subscriber.
  var token: SubscriptionToken? {
    get { reference.withLock { $0.token } }
    set { reference.withLock { $0.token = newValue } }
  }
}
