/// A ReSwift-style store: every subscription is a closure chain (select, skip repeats, sink)
/// run on every dispatch; subscriptions live in an array and are removed by linear search.
final class NaiveStore<State> {
  final class Subscription {
    let newValues: (State?, State) -> Void
    init(_ newValues: @escaping (State?, State) -> Void) { self.newValues = newValues }
  }

  private(set) var state: State
  private let reduce: (inout State, CounterAction) -> Void
  private var subscriptions: [Subscription] = []
  private var isDispatching = false

  init(state: State, reduce: @escaping (inout State, CounterAction) -> Void) {
    self.state = state
    self.reduce = reduce
  }

  /// Subscribes with a selector and skip-repeats, as `store.subscribe(s) { $0.select(f).skipRepeats() }`.
  func subscribe<Value: Equatable>(
    select: @escaping (State) -> Value,
    onChange: @escaping (Value) -> Void
  ) -> Subscription {
    // Each stage is a closure feeding the next, as ReSwift's Subscription.select/skipRepeats do.
    let sink: (Value?, Value) -> Void = { _, new in onChange(new) }
    let skipRepeats: (Value?, Value) -> Void = { old, new in
      if let old, old == new { return }
      sink(old, new)
    }
    let selectStage: (State?, State) -> Void = { old, new in
      skipRepeats(old.map(select), select(new))
    }
    let subscription = Subscription(selectStage)
    subscriptions.append(subscription)
    subscription.newValues(nil, state)
    return subscription
  }

  func unsubscribe(_ subscription: Subscription) {
    if let index = subscriptions.firstIndex(where: { $0 === subscription }) {
      subscriptions.remove(at: index)
    }
  }

  func dispatch(_ action: CounterAction) {
    precondition(!isDispatching, "reentrant dispatch")
    isDispatching = true
    let old = state
    reduce(&state, action)
    isDispatching = false
    for subscription in subscriptions { subscription.newValues(old, state) }
  }
}
