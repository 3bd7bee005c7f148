/// Subscribers that share one selection, evaluated once per action for all of them.
@usableFromInline
class AnySelectionGroup<State>: Slotted {
  /// The group's index in the registry's group list.
  @usableFromInline var slot = -1
  /// The key the registry finds the group by, when it is shared.
  @usableFromInline let sharingKey: SharingKey?
  /// The subscribers, in subscription order.
  @usableFromInline var members = SlotList<SubscriberBox>()
  /// Selects the new value from a state; returns whether the members should hear about it.
  /// Made by the subclass's initialiser, so that it is specialised where the store is used.
  @usableFromInline let evaluate: (UnsafePointer<State>) -> Bool

  @usableFromInline
  init(sharingKey: SharingKey?, evaluate: @escaping (UnsafePointer<State>) -> Bool) {
    self.sharingKey = sharingKey
    self.evaluate = evaluate
  }
}

/// The group of subscribers to one `Selection<State, Value>`.
@usableFromInline
final class SelectionGroup<State, Value>: AnySelectionGroup<State> {
  /// The value selected from the latest state, in its own allocation so that evaluating and
  /// firing read and write it without exclusivity checks.
  @usableFromInline let current: UnsafeMutablePointer<Value>
  /// The registry that holds the group.
  @usableFromInline weak var registry: SubscriptionRegistry<State>?

  @inlinable
  init(
    selection: Selection<State, Value>,
    state: UnsafePointer<State>,
    registry: SubscriptionRegistry<State>
  ) {
    let read = selection.read
    let current = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    current.initialize(to: read(state))
    self.current = current
    self.registry = registry
    // The group owns `current` and this closure, and frees `current` only when it goes away.
    let evaluate: (UnsafePointer<State>) -> Bool
    if let makeEvaluator = selection.makeEvaluator {
      evaluate = makeEvaluator(current)
    } else if let shouldNotify = selection.shouldNotify {
      evaluate = { state in
        let new = read(state)
        let notify = shouldNotify(current.pointee, new)
        current.pointee = new
        return notify
      }
    } else {
      evaluate = { state in
        current.pointee = read(state)
        return true
      }
    }
    super.init(sharingKey: selection.sharingKey, evaluate: evaluate)
  }

  deinit {
    current.deinitialize(count: 1)
    current.deallocate()
  }
}
