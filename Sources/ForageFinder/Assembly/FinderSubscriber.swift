import ForageStore

/// Subscribes one more view to a run's store and returns its subscription (see
/// ``Finder/subscribers``).
///
/// A view is a subscriber like the output writer: it reads the state it selects and never
/// reaches into the engine. Its `onChange` runs on the thread that dispatched the action, so it
/// should only take note of the change and draw elsewhere.
public typealias FinderSubscriber =
  @Sendable (Store<FinderState, FinderAction>) -> SubscriptionToken
