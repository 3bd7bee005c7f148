import Synchronization

/// One subscription, as the store and its token see it.
///
/// ``isCancelled`` is atomic, set from any thread; everything else belongs to the thread that
/// is processing the store's queue.
@usableFromInline
class SubscriberBox<State>: Slotted, @unchecked Sendable {
  /// The subscription's position in subscription order.
  let sequence: UInt64
  /// Set by ``SubscriptionToken/cancel()``; a cancelled subscriber is never called again.
  private let cancelled = Atomic<Bool>(false)
  /// The subscriber's index in its group's member list.
  var slot = -1

  init(sequence: UInt64) {
    self.sequence = sequence
  }

  /// Whether the subscription has been cancelled.
  var isCancelled: Bool {
    cancelled.load(ordering: .acquiring)
  }

  /// Marks the subscription cancelled; returns `false` if it already was.
  func cancel() -> Bool {
    !cancelled.exchange(true, ordering: .acquiringAndReleasing)
  }

  /// Joins (or creates) the group for the subscriber's selection and delivers the current value.
  func register(in registry: SubscriptionRegistry<State>, state: State) {
    preconditionFailure("SubscriberBox.register(in:state:) is implemented by Subscriber")
  }

  /// Calls the subscriber with its group's current value.
  func fire() {}

  /// Removes the subscriber from its group, and the group from `registry` when it empties.
  func unregister(from registry: SubscriptionRegistry<State>) {}

  /// Forgets the group without touching it and ends the subscription; used when the store goes
  /// away.
  func detach() {}
}

/// A subscription to values of type `Value` selected from `State`.
@usableFromInline
final class Subscriber<State, Value>: SubscriberBox<State>, @unchecked Sendable {
  /// What the subscriber observes.
  let selection: Selection<State, Value>
  /// Called with each value the subscriber hears about.
  let onChange: @Sendable (Value) -> Void
  /// Called once if the store goes away while the subscription is alive.
  let onStoreGone: (@Sendable () -> Void)?
  /// The group the subscriber belongs to while it is registered, unless it is in a table.
  private var group: SelectionGroup<State, Value>?
  /// The table the subscriber belongs to while it is registered, for a closure selection of an
  /// `Equatable` value with the default repeat rule.
  private var table: SelectionTable<State, Value>?
  /// The subscriber's slot in its table; the table moves it when another subscriber leaves.
  var tableSlot = -1

  init(
    sequence: UInt64,
    selection: Selection<State, Value>,
    onChange: @escaping @Sendable (Value) -> Void,
    onStoreGone: (@Sendable () -> Void)?
  ) {
    self.selection = selection
    self.onChange = onChange
    self.onStoreGone = onStoreGone
    super.init(sequence: sequence)
  }

  override func register(in registry: SubscriptionRegistry<State>, state: State) {
    if let makeTable = selection.makeTable {
      let table = registry.table(for: Value.self, make: makeTable)
      let value = selection.select(state)
      tableSlot = table.add(self, value: value)
      self.table = table
      onChange(value)
      return
    }
    let group = registry.group(for: selection, state: state)
    self.group = group
    group.members.append(self)
    onChange(group.current)
  }

  override func fire() {
    if let table {
      onChange(table.value(at: tableSlot))
    } else if let group {
      onChange(group.current)
    }
  }

  override func unregister(from registry: SubscriptionRegistry<State>) {
    if let table {
      self.table = nil
      table.remove(slot: tableSlot)
      if table.count == 0 { registry.remove(table) }
      return
    }
    guard let group else { return }
    self.group = nil
    group.members.remove(self)
    if group.members.isEmpty { registry.remove(group) }
  }

  override func detach() {
    group = nil
    table = nil
    if !isCancelled { onStoreGone?() }
  }
}
