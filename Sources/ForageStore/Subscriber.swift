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
  @usableFromInline @exclusivity(unchecked) var fire: () -> Void = {}

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
  /// The group the subscriber belongs to while it is registered, if it shares an evaluation.
  @usableFromInline var group: SelectionGroup<State, Value>?
  /// The table the subscriber belongs to while it is registered, if it is a closure selection.
  @usableFromInline var table: SelectionTable<State, Value>?
  /// The subscriber's slot in its table.
  @usableFromInline var tableSlot = -1

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
    let onChange = self.onChange
    if let makeTable = selection.makeTable {
      let table = registry.table(for: Value.self, make: makeTable)
      let value = selection.read(state)
      let slot = table.add(self, value: value)
      self.table = table
      tableSlot = slot
      // The table outlives every call: members are only fired while their table holds them.
      fire = { [unowned(unsafe) table] in onChange(table.value(at: slot)) }
      onChange(value)
      return
    }
    let group = registry.group(for: selection, state: state)
    self.group = group
    group.members.append(self)
    // The group outlives every call: members are only fired while their group is registered.
    let current = group.current
    // The value lives as long as its group, which outlives every call: members are only fired
    // while their group is registered.
    fire = { onChange(current.pointee) }
    onChange(current.pointee)
  }

  @usableFromInline
  override func unregister() {
    if let table {
      self.table = nil
      fire = {}
      table.remove(slot: tableSlot)
      if table.liveCount == 0 { table.registry?.remove(table) }
      return
    }
    guard let group else { return }
    self.group = nil
    fire = {}
    group.members.remove(self)
    if group.members.isEmpty { group.registry?.remove(group) }
  }

  @usableFromInline
  override func detach() {
    group = nil
    table = nil
    fire = {}
  }
}
