/// One subscription, as the store and its token see it.
///
/// `isCancelled` is guarded by the store's queue lock; everything else belongs to the thread
/// that is processing the store's queue.
class SubscriberBox: Slotted, @unchecked Sendable {
  /// The subscription's position in subscription order.
  let sequence: UInt64
  /// Set by ``SubscriptionToken/cancel()``; a cancelled subscriber is never called again.
  var isCancelled = false
  /// The subscriber's index in its group's member list.
  var slot = -1

  init(sequence: UInt64) {
    self.sequence = sequence
  }

  /// Calls the subscriber with its group's current value.
  func fire() {}

  /// Removes the subscriber from its group (and the group from the registry when it empties).
  func unregister() {}
}

/// A subscription to values of type `Value` selected from `State`.
final class Subscriber<State, Value>: SubscriberBox, @unchecked Sendable {
  let selection: Selection<State, Value>
  let onChange: @Sendable (Value) -> Void
  /// The group the subscriber belongs to while it is registered.
  var group: SelectionGroup<State, Value>?

  init(
    sequence: UInt64,
    selection: Selection<State, Value>,
    onChange: @escaping @Sendable (Value) -> Void
  ) {
    self.selection = selection
    self.onChange = onChange
    super.init(sequence: sequence)
  }

  /// Joins (or creates) the group for the selection and delivers the current value.
  func register(in registry: SubscriptionRegistry<State>, state: State) {
    let group = registry.group(for: selection, state: state)
    self.group = group
    group.members.append(self)
    onChange(group.current)
  }

  override func fire() {
    if let group { onChange(group.current) }
  }

  override func unregister() {
    guard let group else { return }
    self.group = nil
    group.members.remove(self)
    if group.members.isEmpty { group.registry?.remove(group) }
  }
}
