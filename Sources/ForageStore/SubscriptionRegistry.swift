/// Every live subscription of a store, as groups of subscribers that share one evaluation.
///
/// Only the thread processing the store's queue touches the registry (subscribe and unsubscribe
/// requests are queued like actions), so it needs no lock of its own. Right before each call it
/// checks the subscriber's atomic cancellation flag.
final class SubscriptionRegistry<State> {
  /// The groups, in the order they were made.
  private var groups = SlotList<AnySelectionGroup<State>>()
  /// The groups that subscribers to the same key path share, by key path and repeat rule.
  private var shared: [SharingKey: AnySelectionGroup<State>] = [:]
  /// The tables of closure subscribers, by the type of the value they select, in the order
  /// they were made.
  private var tables: [(value: ObjectIdentifier, table: AnySelectionTable<State>)] = []
  /// The subscribers to call after the current action; kept to reuse its storage.
  private var notified: [SubscriberBox<State>] = []

  /// Whether there is no subscription.
  var isEmpty: Bool { groups.isEmpty && tables.isEmpty }

  /// The group for `selection`: the shared one for its key path, or a new one whose first value
  /// is selected from `state`.
  func group<Value>(
    for selection: Selection<State, Value>,
    state: State
  ) -> SelectionGroup<State, Value> {
    let key = selection.sharingKey
    if let key, let existing = shared[key] as? SelectionGroup<State, Value> {
      return existing
    }
    let group = SelectionGroup(selection: selection, state: state)
    groups.append(group)
    if let key { shared[key] = group }
    return group
  }

  /// The table of closure subscribers selecting values of type `Value`, made with `make` if
  /// there is none yet.
  func table<Value>(
    for value: Value.Type,
    make: () -> SelectionTable<State, Value>
  ) -> SelectionTable<State, Value> {
    let key = ObjectIdentifier(value)
    if let entry = tables.first(where: { $0.value == key }),
      let table = entry.table as? SelectionTable<State, Value>
    {
      return table
    }
    let table = make()
    tables.append((key, table))
    return table
  }

  /// Forgets an empty table.
  func remove(_ table: AnySelectionTable<State>) {
    tables.removeAll { $0.table === table }
  }

  /// Forgets an empty group.
  func remove(_ group: AnySelectionGroup<State>) {
    groups.remove(group)
    if let key = group.sharingKey, shared[key] === group { shared[key] = nil }
  }

  /// Evaluates every group against the new state and calls the subscribers that should hear
  /// about it, in subscription order.
  func notify(_ state: State) {
    for case let group? in groups.slots where group.evaluate(state) {
      for case let member? in group.members.slots { notified.append(member) }
    }
    for entry in tables { entry.table.collect(state, into: &notified) }
    if notified.isEmpty { return }
    // Each group lists its subscribers in order; several groups interleave.
    if !isInSubscriptionOrder(notified) { notified.sort { $0.sequence < $1.sequence } }
    for member in notified where !member.isCancelled { member.fire() }
    notified.removeAll(keepingCapacity: true)
  }

  /// Whether `subscribers` are sorted by sequence number.
  private func isInSubscriptionOrder(_ subscribers: [SubscriberBox<State>]) -> Bool {
    var previous: UInt64 = 0
    for subscriber in subscribers {
      if subscriber.sequence < previous { return false }
      previous = subscriber.sequence
    }
    return true
  }

  /// Detaches every subscriber; used when the store goes away.
  func removeAll() {
    let groups = self.groups.slots
    self.groups.removeAll()
    shared.removeAll()
    for case let group? in groups {
      for case let member? in group.members.slots { member.detach() }
      group.members.removeAll()
    }
    let tables = self.tables
    self.tables = []
    for entry in tables { entry.table.detachAll() }
  }
}
