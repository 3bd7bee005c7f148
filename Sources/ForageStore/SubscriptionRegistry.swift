/// Every live subscription of a store, grouped by shared selection.
///
/// Only the thread processing the store's queue touches the registry (subscribe and unsubscribe
/// requests are queued like actions), so it needs no lock of its own. It only takes the queue
/// lock to check, right before each call, that a subscriber has not been cancelled.
final class SubscriptionRegistry<State> {
  private var groups = SlotList<AnySelectionGroup<State>>()
  private var shared: [SharingKey: AnySelectionGroup<State>] = [:]
  private var changed: [AnySelectionGroup<State>] = []
  private var notified: [SubscriberBox] = []
  private let lock: Lock

  init(lock: Lock) {
    self.lock = lock
  }

  /// Whether there is no subscription.
  var isEmpty: Bool { groups.isEmpty }

  /// The group for `selection`: the shared one for its key path, or a new one.
  func group<Value>(
    for selection: Selection<State, Value>,
    state: State
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

  /// Forgets an empty group.
  func remove(_ group: AnySelectionGroup<State>) {
    groups.remove(group)
    if let key = group.sharingKey, shared[key] === group { shared[key] = nil }
  }

  /// Evaluates every group against the new state and calls the subscribers that should hear
  /// about it, in subscription order.
  func notify(_ state: State) {
    changed.removeAll(keepingCapacity: true)
    for case let group? in groups.slots where group.evaluate(state) {
      changed.append(group)
    }
    switch changed.count {
    case 0:
      return
    case 1:
      changed[0].forEachMember(fireUnlessCancelled)
    default:
      notified.removeAll(keepingCapacity: true)
      for group in changed { group.collectMembers(into: &notified) }
      notified.sort { $0.sequence < $1.sequence }
      for member in notified { fireUnlessCancelled(member) }
      notified.removeAll(keepingCapacity: true)
    }
    changed.removeAll(keepingCapacity: true)
  }

  /// Detaches every subscriber; used when the store goes away.
  func removeAll() {
    for case let group? in groups.slots { group.removeAllMembers() }
    groups.removeAll()
    shared.removeAll()
  }

  private func fireUnlessCancelled(_ member: SubscriberBox) {
    lock.lock()
    let isCancelled = member.isCancelled
    lock.unlock()
    if !isCancelled { member.fire() }
  }
}
