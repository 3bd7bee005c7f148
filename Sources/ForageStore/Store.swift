import Synchronization

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
  // The state, changed in place by the reducer on the thread processing the queue.
  @usableFromInline let current: Mutex<State>

  // The queue, the effect table and the idle waiters.
  @usableFromInline let queue: Mutex<Queue>

  // Owned by the thread processing the queue.
  @usableFromInline let registry: SubscriptionRegistry<State>
  @usableFromInline let reducer: Reducer<State, Action>
  @usableFromInline let middleware: [Middleware<State, Action>]
  // The context handed to the middleware, made once the store exists. It lives in its own
  // allocation so that reading it is not an exclusivity-checked class property access.
  @usableFromInline let context: UnsafeMutablePointer<MiddlewareContext<State, Action>>
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
    self.current = Mutex(initialState)
    self.queue = Mutex(Queue())
    self.reducer = reducer
    self.registry = SubscriptionRegistry()
    self.processed = processed
    self.middleware = middleware
    self.context = .allocate(capacity: 1)
    context.initialize(to: MiddlewareContext(store: self))
  }

  deinit {
    let (running, waiters) = withQueue { queue in
      for record in queue.effects.values { record.cancel() }
      return (Array(queue.tasks.values), queue.idleWaiters)
    }
    for task in running { task.cancel() }
    for waiter in waiters { waiter.resume() }
    registry.removeAll()
    context.deinitialize(count: 1)
    context.deallocate()
  }

  /// The current state.
  ///
  /// Safe to read from any thread, except from inside a reducer.
  @inlinable
  public var state: State {
    withState { $0 }
  }

  /// Runs `body` with the queue mutex held.
  @inlinable
  func withQueue<Result>(
    _ body: (inout sending Queue) -> sending Result
  ) -> sending Result {
    let lock = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    return queue.withLock { queue in
      ThreadSanitizer.acquire(lock)
      defer { ThreadSanitizer.release(lock) }
      return body(&queue)
    }
  }

  /// Runs `body` with the state mutex held.
  @inlinable
  func withState<Result>(
    _ body: (inout sending State) -> sending Result
  ) -> sending Result {
    let lock = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) + 1
    return current.withLock { state in
      ThreadSanitizer.acquire(lock)
      defer { ThreadSanitizer.release(lock) }
      return body(&state)
    }
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
  enum Origin: Sendable {
    case external
    case tester
    case middleware
    case effect(EffectRecord)
  }

  /// One unit of work, processed in FIFO order.
  @usableFromInline
  enum Work: Sendable {
    case action(Action, Origin)
    case subscribe(
      SubscriberBox,
      register: @Sendable (SubscriptionRegistry<State>, UnsafePointer<State>) -> Void
    )
    case unsubscribe(SubscriberBox)
  }

  /// What the queue mutex guards.
  @usableFromInline
  struct Queue {
    /// The work waiting to be processed, in FIFO order.
    @usableFromInline var work = WorkQueue<Work>()
    /// Whether a thread is processing the queue.
    @usableFromInline var isDraining = false
    /// The next subscription's position in subscription order.
    @usableFromInline var nextSequence: UInt64 = 0
    /// The running effects, by serial.
    @usableFromInline var effects: [UInt64: EffectRecord] = [:]
    /// The tasks of the running effects, by serial, once they have been created.
    @usableFromInline var tasks: [UInt64: Task<Void, Never>] = [:]
    /// The running effects with a cancellation id, by id.
    @usableFromInline var effectsByID: [AnyHashable: [EffectRecord]] = [:]
    /// The next effect's serial.
    @usableFromInline var nextEffectSerial: UInt64 = 0
    /// The callers of ``Store/idle()`` waiting for the store to go idle.
    @usableFromInline var idleWaiters: [CheckedContinuation<Void, Never>] = []

    @inlinable
    init() {}

    /// Whether no action is queued or being processed and no effect is running.
    @inlinable
    var isIdle: Bool {
      !isDraining && effects.isEmpty
    }

    /// Takes the idle waiters if the store is idle.
    @inlinable
    mutating func takeIdleWaitersIfIdle() -> [CheckedContinuation<Void, Never>] {
      guard isIdle, !idleWaiters.isEmpty else { return [] }
      defer { idleWaiters.removeAll() }
      return idleWaiters
    }

    /// Marks cancelled the effects with `key` whose actions are still queued, even if their task
    /// has already returned, so those actions are dropped.
    mutating func cancelQueuedActions(of key: AnyHashable) {
      work.forEach { work in
        if case .action(_, .effect(let record)) = work, record.id == key { record.cancel() }
      }
    }

    /// Pops the next work item, dropping actions of cancelled effects.
    @inlinable
    mutating func nextLiveWork() -> Work? {
      while let next = work.popFirst() {
        if case .action(_, .effect(let record)) = next, record.isCancelled { continue }
        return next
      }
      return nil
    }
  }

  /// Processes `action` now if the store is idle, or queues it.
  @inlinable
  func enqueue(_ action: Action, origin: Origin) {
    let runsNow = withQueue { queue in
      if case .effect(let record) = origin, record.isCancelled { return false }
      if queue.isDraining {
        queue.work.append(.action(action, origin))
        return false
      }
      queue.isDraining = true
      return true
    }
    guard runsNow else { return }
    process(action, origin: origin)
    drain()
  }

  /// Hands `work` to the processing thread, or becomes it if the store is idle.
  @inlinable
  func submit(_ work: Work) {
    let runsNow = withQueue { queue in
      if queue.isDraining {
        queue.work.append(work)
        return false
      }
      queue.isDraining = true
      return true
    }
    guard runsNow else { return }
    perform(work)
    drain()
  }

  /// Processes queued work until the queue is empty, then marks the store idle.
  @inlinable
  func drain() {
    while true {
      let (next, waiters) = withQueue {
        queue -> (Work?, [CheckedContinuation<Void, Never>]) in
        if let work = queue.nextLiveWork() { return (work, []) }
        queue.isDraining = false
        return (nil, queue.takeIdleWaitersIfIdle())
      }
      guard let next else {
        for waiter in waiters { waiter.resume() }
        return
      }
      perform(next)
    }
  }

  @inlinable
  func perform(_ work: Work) {
    switch work {
    case .action(let action, let origin):
      process(action, origin: origin)
    case .subscribe(let subscriber, let register):
      guard !subscriber.isCancelled else { return }
      let snapshot = state
      withUnsafePointer(to: snapshot) { register(registry, $0) }
    case .unsubscribe(let subscriber):
      subscriber.unregister()
    }
  }

  @inlinable
  func process(_ action: Action, origin: Origin) {
    pass(action, from: 0)
    if let processed {
      let isSent = if case .tester = origin { true } else { false }
      processed(action, isSent, state)
    }
  }

  /// Runs the middleware from `index` on, then the reducer and the subscribers.
  @inlinable
  func pass(_ action: Action, from index: Int) {
    guard index < middleware.count else { return reduceAndNotify(action) }
    middleware[index].body(context.pointee, action) { next in self.pass(next, from: index + 1) }
  }

  /// The end of the middleware chain: reduce, then tell the subscribers.
  @inlinable
  func reduceAndNotify(_ action: Action) {
    let reduce = reducer.reduce
    if registry.isEmpty {
      withState { reduce(&$0, action) }
      return
    }
    // Subscribers see a copy taken right after the reducer ran, so they can read the state (and
    // dispatch) without holding the mutex. The copy is released before the next action is
    // reduced, so it never forces the reducer to copy the state's storage.
    let snapshot = withState { state in
      reduce(&state, action)
      return state
    }
    withUnsafePointer(to: snapshot) { registry.notify($0) }
  }

  // MARK: - Subscriptions

  /// Queues a subscription; it is registered and given its first value in queue order.
  @inlinable
  func addSubscriber<Value>(
    _ selection: Selection<State, Value>,
    onChange: @escaping @Sendable (Value) -> Void
  ) -> SubscriptionToken {
    // The sequence number is taken under the same lock hold as the queue position, so
    // subscription order and registration order agree even across threads.
    let (subscriber, runsNow) = withQueue { queue in
      let subscriber = Subscriber(
        sequence: queue.nextSequence,
        selection: selection,
        onChange: onChange
      )
      queue.nextSequence += 1
      let work = Work.subscribe(subscriber) { subscriber.register(in: $0, state: $1) }
      if queue.isDraining {
        queue.work.append(work)
        return (subscriber, false)
      }
      queue.isDraining = true
      return (subscriber, true)
    }
    let token = SubscriptionToken { [weak self] in self?.unsubscribe(subscriber) }
    if runsNow {
      perform(.subscribe(subscriber) { subscriber.register(in: $0, state: $1) })
      drain()
    }
    return token
  }
}

extension Store {
  /// Ends a subscription; see ``SubscriptionToken/cancel()``.
  @inlinable
  func unsubscribe(_ subscriber: SubscriberBox) {
    guard subscriber.cancel() else { return }
    submit(.unsubscribe(subscriber))
  }
}
