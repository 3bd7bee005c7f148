/// Every live subscription of a store: shared selection groups, and tables of closure
/// selections.
///
/// Only the thread processing the store's queue touches the registry (subscribe and unsubscribe
/// requests are queued like actions), so it needs no lock of its own, and its properties skip
/// the dynamic exclusivity checks. Right before each call it checks the subscriber's atomic
/// cancellation flag.
@usableFromInline
final class SubscriptionRegistry<State> {
  @usableFromInline @exclusivity(unchecked) var groups = SlotList<AnySelectionGroup<State>>()
  @usableFromInline @exclusivity(unchecked) var shared: [SharingKey: AnySelectionGroup<State>] =
    [:]
  @usableFromInline @exclusivity(unchecked) var tables = SlotList<AnySelectionTable<State>>()
  @usableFromInline @exclusivity(unchecked) var tablesByValue:
    [ObjectIdentifier: AnySelectionTable<State>] = [:]
  @usableFromInline @exclusivity(unchecked) var notified: [SubscriberBox] = []

  @usableFromInline
  init() {}

  /// Whether there is no subscription.
  @inlinable
  var isEmpty: Bool { groups.isEmpty && tables.isEmpty }

  /// The group for `selection`: the shared one for its key path, or a new one.
  @inlinable
  func group<Value>(
    for selection: Selection<State, Value>,
    state: UnsafePointer<State>
  ) -> SelectionGroup<State, Value> {
    let key = selection.sharingKey
    if let key, let existing = shared[key] as? SelectionGroup<State, Value> {
      return existing
    }
    let group = SelectionGroup(selection: selection, state: state, registry: self)
    groups.append(group)
    if let key { shared[key] = group }
    return group
  }

  /// The table of closure selections of `Value`, made with `make` if there is none yet.
  @inlinable
  func table<Value>(
    for value: Value.Type,
    make: () -> SelectionTable<State, Value>
  ) -> SelectionTable<State, Value> {
    let key = ObjectIdentifier(value)
    if let existing = tablesByValue[key] as? SelectionTable<State, Value> { return existing }
    let table = make()
    table.registry = self
    tables.append(table)
    tablesByValue[key] = table
    return table
  }

  /// Forgets an empty group.
  @usableFromInline
  func remove(_ group: AnySelectionGroup<State>) {
    groups.remove(group)
    if let key = group.sharingKey, shared[key] === group { shared[key] = nil }
  }

  /// Forgets an empty table.
  @usableFromInline
  func remove(_ table: AnySelectionTable<State>) {
    tables.remove(table)
    for (key, value) in tablesByValue where value === table { tablesByValue[key] = nil }
  }

  /// Evaluates every group and table against the new state and calls the subscribers that
  /// should hear about it, in subscription order.
  @inlinable
  func notify(_ state: UnsafePointer<State>) {
    // The registry holds every group for the whole loop (evaluating never subscribes or
    // unsubscribes: those requests are queued like actions), so the loop reads the groups
    // unretained, as the tables do their subscribers, instead of retaining and releasing each.
    groups.slots.withUnsafeBufferPointer { slots in
      guard let base = slots.baseAddress else { return }
      let unretained = UnsafeRawPointer(base).assumingMemoryBound(
        to: Unmanaged<AnySelectionGroup<State>>?.self
      )
      for slot in 0..<slots.count {
        guard let group = unretained[slot] else { continue }
        guard group._withUnsafeGuaranteedRef({ $0.evaluate(state) }) else { continue }
        for case let member? in group.takeUnretainedValue().members.slots {
          notified.append(member)
        }
      }
    }
    for case let table? in tables.slots { table.collect(state, &notified) }
    if notified.isEmpty { return }
    // Each group and table lists its subscribers in order; several of them interleave.
    if !isInSubscriptionOrder(notified) { notified.sort { $0.sequence < $1.sequence } }
    for member in notified where !member.isCancelled { member.fire() }
    notified.removeAll(keepingCapacity: true)
  }

  /// Whether `subscribers` are sorted by sequence number.
  @inlinable
  func isInSubscriptionOrder(_ subscribers: [SubscriberBox]) -> Bool {
    var previous: UInt64 = 0
    for subscriber in subscribers {
      if subscriber.sequence < previous { return false }
      previous = subscriber.sequence
    }
    return true
  }

  /// Detaches every subscriber; used when the store goes away.
  @usableFromInline
  func removeAll() {
    for case let group? in groups.slots {
      for case let member? in group.members.slots { member.detach() }
      group.members.removeAll()
    }
    groups.removeAll()
    shared.removeAll()
    for case let table? in tables.slots { table.removeAll() }
    tables.removeAll()
    tablesByValue.removeAll()
  }
}
