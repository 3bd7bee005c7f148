/// Every live subscription of a store, grouped by shared selection.
///
/// Only the thread processing the store's queue touches the registry (subscribe and unsubscribe
/// requests are queued like actions), so it needs no lock of its own. Right before each call it
/// checks the subscriber's atomic cancellation flag.
@usableFromInline
final class SubscriptionRegistry<State> {
  @usableFromInline var groups = SlotList<AnySelectionGroup<State>>()
  @usableFromInline var shared: [SharingKey: AnySelectionGroup<State>] = [:]
  @usableFromInline var changed: [AnySelectionGroup<State>] = []
  @usableFromInline var notified: [SubscriberBox] = []

  @usableFromInline
  init() {}

  /// Whether there is no subscription.
  @inlinable
  var isEmpty: Bool { groups.isEmpty }

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

  /// Forgets an empty group.
  @usableFromInline
  func remove(_ group: AnySelectionGroup<State>) {
    groups.remove(group)
    if let key = group.sharingKey, shared[key] === group { shared[key] = nil }
  }

  /// Evaluates every group against the new state and calls the subscribers that should hear
  /// about it, in subscription order.
  @inlinable
  func notify(_ state: UnsafePointer<State>) {
    for case let group? in groups.slots where group.evaluate(state) {
      changed.append(group)
    }
    switch changed.count {
    case 0:
      return
    case 1:
      for case let member? in changed[0].members.slots { fireUnlessCancelled(member) }
    default:
      for group in changed {
        for case let member? in group.members.slots { notified.append(member) }
      }
      notified.sort { $0.sequence < $1.sequence }
      for member in notified { fireUnlessCancelled(member) }
      notified.removeAll(keepingCapacity: true)
    }
    changed.removeAll(keepingCapacity: true)
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
  }

  @inlinable
  func fireUnlessCancelled(_ member: SubscriberBox) {
    if !member.isCancelled { member.fire() }
  }
}
