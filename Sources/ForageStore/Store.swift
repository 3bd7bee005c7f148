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
public final class Store<State: Sendable, Action: Sendable>: @unchecked Sendable {
  // Guarded by `stateLock`; written only by the thread processing the queue. The state lives in
  // its own allocation so the reducer mutates it in place and subscribers read it without a copy.
  @usableFromInline let currentState: UnsafeMutablePointer<State>
  @usableFromInline let stateLock = Lock()

  // Guarded by `queueLock`.
  @usableFromInline var queue = WorkQueue<Work>()
  @usableFromInline var isDraining = false
  @usableFromInline var nextSequence: UInt64 = 0
  @usableFromInline var effects: [UInt64: EffectRecord] = [:]
  var effectsByID: [AnyHashable: [EffectRecord]] = [:]
  var nextEffectSerial: UInt64 = 0
  @usableFromInline var idleWaiters: [CheckedContinuation<Void, Never>] = []
  @usableFromInline let queueLock = Lock()

  // Owned by the thread processing the queue.
  @usableFromInline let registry: SubscriptionRegistry<State>
  @usableFromInline let reducer: Reducer<State, Action>
  @usableFromInline var chain: (Action) -> Void = { _ in }
  @usableFromInline let processed:
    (@Sendable (_ action: Action, _ isSent: Bool, _ state: State) -> Void)?

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: The pure function applying each action to the state.
  ///   - middleware: The middleware, in the order each action passes through them.
  @inlinable
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
  @inlinable
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
  @inlinable
  package init(
    initialState: State,
    reducer: Reducer<State, Action>,
    middleware: [Middleware<State, Action>],
    processed: (@Sendable (_ action: Action, _ isSent: Bool, _ state: State) -> Void)?
  ) {
    self.currentState = .allocate(capacity: 1)
    self.currentState.initialize(to: initialState)
    self.reducer = reducer
    self.registry = SubscriptionRegistry(lock: queueLock)
    self.processed = processed
    let context = MiddlewareContext(store: self)
    var next: (Action) -> Void = { [unowned self] action in self.reduceAndNotify(action) }
    for middleware in middleware.reversed() {
      let downstream = next
      let body = middleware.body
      next = { action in body(context, action, downstream) }
    }
    chain = next
  }

  deinit {
    let running = effects.values.compactMap(\.task)
    for record in effects.values { record.isCancelled = true }
    for task in running { task.cancel() }
    for waiter in idleWaiters { waiter.resume() }
    registry.removeAll()
    currentState.deinitialize(count: 1)
    currentState.deallocate()
  }

  /// The current state.
  ///
  /// Safe to read from any thread, except from inside a reducer.
  @inlinable
  public var state: State {
    stateLock.withLock { currentState.pointee }
  }

  /// Dispatches an action.
  ///
  /// If the store is idle, the action is processed before this returns: it goes through the
  /// middleware and the reducer, and the subscribers are told. Otherwise it is queued behind the
  /// work in progress and processed by the thread doing that work.
  ///
  /// - Parameter action: The action to process.
  @inlinable
  public func dispatch(_ action: Action) {
    enqueue(action, origin: .external)
  }

  /// Dispatches an action on behalf of the test store.
  @inlinable
  package func send(_ action: Action) {
    enqueue(action, origin: .tester)
  }

  // MARK: - The queue

  /// Where a queued action came from.
  @usableFromInline
  enum Origin {
    case external
    case tester
    case middleware
    case effect(EffectRecord)
  }

  /// One unit of work, processed in FIFO order.
  @usableFromInline
  enum Work {
    case action(Action, Origin)
    case subscribe(
      SubscriberBox,
      register: (SubscriptionRegistry<State>, UnsafePointer<State>) -> Void
    )
    case unsubscribe(SubscriberBox)
  }

  /// Processes `action` now if the store is idle, or queues it.
  @inlinable
  func enqueue(_ action: Action, origin: Origin) {
    queueLock.lock()
    if case .effect(let record) = origin, record.isCancelled {
      queueLock.unlock()
      return
    }
    if isDraining {
      queue.append(.action(action, origin))
      queueLock.unlock()
      return
    }
    isDraining = true
    queueLock.unlock()
    process(action, origin: origin)
    drain()
  }

  /// Hands `work` to the processing thread, or becomes it if the store is idle.
  @inlinable
  func submit(_ work: Work) {
    queueLock.lock()
    if isDraining {
      queue.append(work)
      queueLock.unlock()
      return
    }
    isDraining = true
    queueLock.unlock()
    perform(work)
    drain()
  }

  /// Processes queued work until the queue is empty, then marks the store idle.
  @inlinable
  func drain() {
    while true {
      queueLock.lock()
      guard let work = nextLiveWork() else {
        isDraining = false
        let waiters = takeIdleWaitersIfIdle()
        queueLock.unlock()
        for waiter in waiters { waiter.resume() }
        return
      }
      queueLock.unlock()
      perform(work)
    }
  }

  /// Marks cancelled the effects with `key` whose actions are still queued, even if their task
  /// has already returned, so those actions are dropped. Needs `queueLock`.
  func cancelQueuedActionsLocked(of key: AnyHashable) {
    queue.forEach { work in
      if case .action(_, .effect(let record)) = work, record.id == key { record.isCancelled = true }
    }
  }

  /// Pops the next work item, dropping actions of cancelled effects. Needs `queueLock`.
  @inlinable
  func nextLiveWork() -> Work? {
    while let work = queue.popFirst() {
      if case .action(_, .effect(let record)) = work, record.isCancelled { continue }
      return work
    }
    return nil
  }

  @inlinable
  func perform(_ work: Work) {
    switch work {
    case .action(let action, let origin):
      process(action, origin: origin)
    case .subscribe(let subscriber, let register):
      queueLock.lock()
      let isCancelled = subscriber.isCancelled
      queueLock.unlock()
      if !isCancelled { register(registry, currentState) }
    case .unsubscribe(let subscriber):
      subscriber.unregister()
    }
  }

  @inlinable
  func process(_ action: Action, origin: Origin) {
    chain(action)
    if let processed {
      let isSent = if case .tester = origin { true } else { false }
      processed(action, isSent, state)
    }
  }

  /// The end of the middleware chain: reduce, then tell the subscribers.
  @inlinable
  func reduceAndNotify(_ action: Action) {
    stateLock.lock()
    reducer.reduce(&currentState.pointee, action)
    stateLock.unlock()
    // Only this thread writes the state, so reading it without the lock is safe here.
    if !registry.isEmpty { registry.notify(currentState) }
  }

  // MARK: - Subscriptions

  /// Queues a subscription; it is registered and given its first value in queue order.
  @inlinable
  func addSubscriber<Value>(
    _ selection: Selection<State, Value>,
    onChange: @escaping @Sendable (Value) -> Void
  ) -> SubscriptionToken {
    queueLock.lock()
    // The sequence number is taken under the same lock hold as the queue position, so
    // subscription order and registration order agree even across threads.
    let subscriber = Subscriber(sequence: nextSequence, selection: selection, onChange: onChange)
    nextSequence += 1
    let token = SubscriptionToken { [weak self] in self?.unsubscribe(subscriber) }
    let work = Work.subscribe(subscriber) { subscriber.register(in: $0, state: $1) }
    if isDraining {
      queue.append(work)
      queueLock.unlock()
      return token
    }
    isDraining = true
    queueLock.unlock()
    perform(work)
    drain()
    return token
  }
}

extension Store {
  /// Ends a subscription; see ``SubscriptionToken/cancel()``.
  @inlinable
  func unsubscribe(_ subscriber: SubscriberBox) {
    queueLock.lock()
    if subscriber.isCancelled {
      queueLock.unlock()
      return
    }
    subscriber.isCancelled = true
    queueLock.unlock()
    submit(.unsubscribe(subscriber))
  }
}
