/// A Redux-style store: one state, changed only by a reducer, observed through subscriptions,
/// with pluggable middleware for side effects.
///
/// Dispatch is safe from any thread. Actions are processed one at a time, in the order they were
/// dispatched: the thread that finds the store idle processes the action itself, then anything
/// queued meanwhile; a dispatch made while an action is being processed (from middleware, a
/// subscriber, an effect or another thread) is queued and processed after it, never recursively.
/// So on an idle store, ``dispatch(_:)`` returns after the action has been reduced and every
/// subscriber told.
///
/// ```swift
/// let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [logging])
/// let token = store.subscribe(\.count) { print("count is", $0) }   // prints "count is 0"
/// store.dispatch(.incremented)                                     // prints "count is 1"
/// ```
///
/// The store is `Sendable`: its state and queue are guarded by locks, and everything else
/// (the subscriptions) belongs to the one thread processing the queue at a time.
public final class Store<State: Sendable, Action: Sendable>: @unchecked Sendable {
  /// The state, changed in place by the reducer on the thread processing the queue.
  let current: StoreMutex<State>
  /// The queue, the running effects and the waiters.
  let queue: StoreMutex<StoreQueue>
  /// The subscriptions; only the thread processing the queue touches them.
  let registry = SubscriptionRegistry<State>()
  /// The pure function applying each action.
  let reducer: Reducer<State, Action>
  /// The middleware, in the order each action passes through them.
  let middleware: [Middleware<State, Action>]
  /// The store's weak reference, for its middleware contexts.
  let reference = StoreReference<State, Action>()
  /// The context handed to the middleware for actions no ``send(_:)`` caused.
  let untrackedContext: MiddlewareContext<State, Action>
  /// Called after each action for `ForageStoreTesting`.
  let processed: (@Sendable (_ action: Action, _ isSent: Bool, _ state: State) -> Void)?

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: The pure function applying each action to the state.
  ///   - middleware: The middleware, in the order each action passes through them.
  public convenience init(
    initialState: State,
    reducer: Reducer<State, Action>,
    middleware: [Middleware<State, Action>] = []
  ) {
    self.init(initialState: initialState, reducer: reducer, middleware: middleware, processed: nil)
  }

  /// Creates a store whose reducer is a closure.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - middleware: The middleware, in the order each action passes through them.
  ///   - reduce: The pure function applying each action to the state.
  public convenience init(
    initialState: State,
    middleware: [Middleware<State, Action>] = [],
    reduce: @escaping @Sendable (_ state: inout State, _ action: Action) -> Void
  ) {
    self.init(initialState: initialState, reducer: Reducer(reduce), middleware: middleware)
  }

  /// Creates a store that reports each processed action, for `ForageStoreTesting`.
  ///
  /// - Parameter processed: Called on the processing thread after each action has been through
  ///   the middleware and reducer, with whether the test store sent it and the resulting state.
  package init(
    initialState: State,
    reducer: Reducer<State, Action>,
    middleware: [Middleware<State, Action>],
    processed: (@Sendable (_ action: Action, _ isSent: Bool, _ state: State) -> Void)?
  ) {
    self.current = StoreMutex(initialState)
    self.queue = StoreMutex(StoreQueue())
    self.reducer = reducer
    self.middleware = middleware
    self.processed = processed
    self.untrackedContext = MiddlewareContext(reference: reference, cause: nil)
    reference.store = self
  }

  deinit {
    // Nothing is queued or being processed (a thread processing the queue holds the store),
    // and no ``send(_:)`` is waiting (it holds the store too).
    let (running, waiters) = queue.withLock { queue in
      defer { queue.idleWaiters = [] }
      return (queue.cancelAll(), queue.idleWaiters)
    }
    for task in running { task.cancel() }
    for waiter in waiters { waiter.resume() }
    registry.removeAll()
  }

  /// The current state.
  ///
  /// Safe to read from any thread, except from inside a reducer.
  public var state: State {
    current.withLock { $0 }
  }

  /// Dispatches an action.
  ///
  /// If the store is idle, the action is processed before this returns: it goes through the
  /// middleware and the reducer, and the subscribers are told. Otherwise it is queued behind the
  /// work in progress and processed by the thread doing that work.
  ///
  /// - Parameter action: The action to process.
  public func dispatch(_ action: Action) {
    enqueue(action, origin: .external)
  }

  /// Dispatches an action on behalf of the test store.
  package func dispatchForTesting(_ action: Action) {
    enqueue(action, origin: .tester)
  }

  // MARK: - The queue

  /// Processes `action` now if the store is idle, or queues it.
  func enqueue(_ action: Action, origin: ActionOrigin) {
    let (runsNow, waiter) = queue.withLock { queue -> (Bool, CheckedContinuation<Void, Never>?) in
      if queue.drops(origin) {
        // A sent action counts from the start; any other is counted once queued.
        if case .sent(let record) = origin { return (false, record.settle()) }
        return (false, nil)
      }
      switch origin {
      case .sent: break  // counted from the start: `SendRecord.pending` starts at 1
      default: origin.cause?.pending += 1
      }
      let runsNow = queue.queueOrTake(
        StoreQueue.Work(origin: origin) { self.process(action, origin: origin) }
      )
      return (runsNow, nil)
    }
    waiter?.resume()
    guard runsNow else { return }
    process(action, origin: origin)
    drain()
  }

  /// Does `work` now if the store is idle, or queues it.
  func submit(_ work: StoreQueue.Work) {
    guard queue.withLock({ $0.queueOrTake(work) }) else { return }
    work.perform()
    drain()
  }

  /// Processes queued work until the queue is empty, then marks the store idle.
  func drain() {
    while true {
      let (next, waiters) = queue.withLock { queue in
        var waiters: [CheckedContinuation<Void, Never>] = []
        let next = queue.next(settling: &waiters)
        return (next, waiters)
      }
      for waiter in waiters { waiter.resume() }
      guard let next else { return }
      next.perform()
    }
  }

  /// Runs `action` through the middleware, the reducer and the subscribers.
  func process(_ action: Action, origin: ActionOrigin) {
    let cause = origin.cause
    if middleware.isEmpty {
      reduceAndNotify(action)
    } else {
      let context =
        cause.map { MiddlewareContext(reference: reference, cause: $0) } ?? untrackedContext
      pass(action, from: 0, context: context)
    }
    if let processed {
      let isSent = if case .tester = origin { true } else { false }
      processed(action, isSent, state)
    }
    guard let cause else { return }
    let waiter = queue.withLock { _ in cause.settle() }
    waiter?.resume()
  }

  /// Runs the middleware from `index` on, then the reducer and the subscribers.
  func pass(_ action: Action, from index: Int, context: MiddlewareContext<State, Action>) {
    guard index < middleware.count else { return reduceAndNotify(action) }
    middleware[index].body(context, action) { next in
      self.pass(next, from: index + 1, context: context)
    }
  }

  /// The end of the middleware chain: reduce, then tell the subscribers.
  func reduceAndNotify(_ action: Action) {
    let reduce = reducer.reduce
    if registry.isEmpty {
      current.withLock { reduce(&$0, action) }
      return
    }
    // Subscribers see a copy taken right after the reducer ran, so they can read the state (and
    // dispatch) without holding the lock. The copy is released before the next action is
    // reduced, so it never forces the reducer to copy the state's storage.
    let snapshot = current.withLock { state in
      reduce(&state, action)
      return state
    }
    registry.notify(snapshot)
  }

  // MARK: - Subscriptions

  /// Queues a subscription; it is registered and given its first value in queue order.
  @usableFromInline
  ///
  /// - Parameters:
  ///   - selection: What to observe.
  ///   - onStoreGone: Called if the store goes away while the subscription is alive.
  ///   - onChange: Called with each value the subscriber hears about.
  func addSubscriber<Value>(
    _ selection: Selection<State, Value>,
    onStoreGone: (@Sendable () -> Void)? = nil,
    onChange: @escaping @Sendable (Value) -> Void
  ) -> SubscriptionToken {
    // The sequence number is taken under the same lock hold as the queue position, so
    // subscription order and registration order agree even across threads.
    let (subscriber, runsNow) = queue.withLock { queue in
      let subscriber = Subscriber(
        sequence: queue.nextSequence,
        selection: selection,
        onChange: onChange,
        onStoreGone: onStoreGone
      )
      queue.nextSequence += 1
      return (subscriber, queue.queueOrTake(register(subscriber)))
    }
    let token = SubscriptionToken { [weak self] in self?.unsubscribe(subscriber) }
    if runsNow {
      register(subscriber).perform()
      drain()
    }
    return token
  }

  /// The work that registers `subscriber` and gives it its first value.
  func register(_ subscriber: SubscriberBox<State>) -> StoreQueue.Work {
    StoreQueue.Work(origin: nil) {
      guard !subscriber.isCancelled else { return }
      subscriber.register(in: self.registry, state: self.state)
    }
  }

  /// Ends a subscription; see ``SubscriptionToken/cancel()``.
  func unsubscribe(_ subscriber: SubscriberBox<State>) {
    guard subscriber.cancel() else { return }
    submit(StoreQueue.Work(origin: nil) { subscriber.unregister(from: self.registry) })
  }
}
