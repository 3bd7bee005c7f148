import Synchronization

/// One subscription, as the store and its token see it.
///
/// `cancelled` is atomic, set from any thread; everything else belongs to the thread that is
/// processing the store's queue.
@usableFromInline
class SubscriberBox: Slotted, @unchecked Sendable {
  /// The subscription's position in subscription order.
  @usableFromInline let sequence: UInt64
  /// Set by ``SubscriptionToken/cancel()``; a cancelled subscriber is never called again.
  @usableFromInline let cancelled = Atomic<Bool>(false)
  /// The subscriber's index in its group's member list.
  @usableFromInline var slot = -1
  /// Calls the subscriber with its group's current value; set when it joins a group.
  @usableFromInline var fire: () -> Void = {}

  @usableFromInline
  init(sequence: UInt64) {
    self.sequence = sequence
  }

  /// Whether the subscription has been cancelled.
  @inlinable
  var isCancelled: Bool {
    cancelled.load(ordering: .acquiring)
  }

  /// Marks the subscription cancelled; returns `false` if it already was.
  @inlinable
  func cancel() -> Bool {
    !cancelled.exchange(true, ordering: .acquiringAndReleasing)
  }

  /// Removes the subscriber from its group (and the group from the registry when it empties).
  @usableFromInline
  func unregister() {}

  /// Forgets the group without touching it; used when the whole registry is cleared.
  @usableFromInline
  func detach() {}
}

/// A subscription to values of type `Value` selected from `State`.
@usableFromInline
final class Subscriber<State, Value>: SubscriberBox, @unchecked Sendable {
  @usableFromInline let selection: Selection<State, Value>
  @usableFromInline let onChange: @Sendable (Value) -> Void
  /// The group the subscriber belongs to while it is registered.
  @usableFromInline var group: SelectionGroup<State, Value>?

  @inlinable
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
  @inlinable
  func register(in registry: SubscriptionRegistry<State>, state: UnsafePointer<State>) {
    let group = registry.group(for: selection, state: state)
    self.group = group
    group.members.append(self)
    let onChange = self.onChange
    // The group outlives every call: members are only fired while their group is registered.
    let current = group.current
    // The value lives as long as its group, which outlives every call: members are only fired
    // while their group is registered.
    fire = { onChange(current.pointee) }
    onChange(current.pointee)
  }

  @usableFromInline
  override func unregister() {
    guard let group else { return }
    self.group = nil
    fire = {}
    group.members.remove(self)
    if group.members.isEmpty { group.registry?.remove(group) }
  }

  @usableFromInline
  override func detach() {
    group = nil
    fire = {}
  }
}
