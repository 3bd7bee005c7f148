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
  /// Set by the subclass, so that it is specialised where the store is used.
  @usableFromInline var evaluate: (State) -> Bool = { _ in false }

  @usableFromInline
  init(sharingKey: SharingKey?) {
    self.sharingKey = sharingKey
  }
}

/// The group of subscribers to one `Selection<State, Value>`.
@usableFromInline
final class SelectionGroup<State, Value>: AnySelectionGroup<State> {
  /// The value selected from the latest state.
  @usableFromInline var current: Value
  /// The registry that holds the group.
  @usableFromInline weak var registry: SubscriptionRegistry<State>?

  @inlinable
  init(selection: Selection<State, Value>, state: State, registry: SubscriptionRegistry<State>) {
    let select = selection.select
    self.current = select(state)
    self.registry = registry
    super.init(sharingKey: selection.sharingKey)
    // The registry owns the group and the group owns this closure, so `self` outlives it.
    if let shouldNotify = selection.shouldNotify {
      evaluate = { [unowned(unsafe) self] state in
        let new = select(state)
        let notify = shouldNotify(self.current, new)
        self.current = new
        return notify
      }
    } else {
      evaluate = { [unowned(unsafe) self] state in
        self.current = select(state)
        return true
      }
    }
  }
}
