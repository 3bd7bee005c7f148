extension Store {
  /// The distinct values at a key path, as an asynchronous sequence: the current value first,
  /// then each new value after the action that changed it.
  ///
  /// ```swift
  /// for await nearest in store.values(of: \.nearest) {
  ///   print("nearest:", nearest)
  /// }
  /// ```
  ///
  /// The subscription starts when this is called and ends when the consumer stops (it leaves
  /// the loop, or its task is cancelled) or when the store goes away, which ends the sequence.
  /// The sequence does not keep the store alive. Subscribers to the same key path share one
  /// evaluation per action, as with `subscribe(_:onChange:)`.
  ///
  /// - Parameters:
  ///   - keyPath: The key path from the state to the value.
  ///   - bufferingPolicy: How many values are kept for a consumer that has fallen behind; by
  ///     default every one. With a bounded policy a slow consumer misses values, so two values
  ///     in a row may then be equal.
  /// - Returns: The values, in the order the state took them.
  public func values<Value: Equatable & Sendable>(
    of keyPath: KeyPath<State, Value> & Sendable,
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Value> {
    values(Selection(keyPath), bufferingPolicy: bufferingPolicy)
  }

  /// The distinct values a closure selects from the state, as an asynchronous sequence: the
  /// current value first, then each new value after the action that changed it.
  ///
  /// See ``values(of:bufferingPolicy:)``.
  ///
  /// - Parameters:
  ///   - select: Computes the value; it runs after every action, so keep it cheap.
  ///   - bufferingPolicy: How many values are kept for a consumer that has fallen behind; by
  ///     default every one.
  /// - Returns: The values, in the order the state took them.
  public func values<Value: Equatable & Sendable>(
    select: @escaping @Sendable (State) -> Value,
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Value> {
    values(Selection(select), bufferingPolicy: bufferingPolicy)
  }

  /// The values a ``Selection`` reports, as an asynchronous sequence: the current value first,
  /// then each one the selection's filters let through.
  ///
  /// See ``values(of:bufferingPolicy:)``.
  ///
  /// - Parameters:
  ///   - selection: What to observe, and which changes to report.
  ///   - bufferingPolicy: How many values are kept for a consumer that has fallen behind; by
  ///     default every one.
  /// - Returns: The values, in the order the state took them.
  public func values<Value: Sendable>(
    _ selection: Selection<State, Value>,
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Value.self,
      bufferingPolicy: bufferingPolicy
    )
    let token = addSubscriber(selection, onStoreGone: { continuation.finish() }) { value in
      continuation.yield(value)
    }
    // The stream holds the token until the consumer stops or the sequence ends; then the
    // subscription ends with it.
    continuation.onTermination = { _ in token.cancel() }
    return stream
  }
}
