/// Subscribers that share one selection, evaluated once per action for all of them.
///
/// Subscribers to the same key path with the same repeat rule share a group; any other
/// subscriber has a group of its own. Only the thread processing the store's queue touches a
/// group.
class AnySelectionGroup<State>: Slotted {
  /// The group's index in the registry's group list.
  var slot = -1
  /// The key the registry finds the group by, when it is shared.
  let sharingKey: SharingKey?
  /// The subscribers, in subscription order.
  var members = SlotList<SubscriberBox<State>>()

  init(sharingKey: SharingKey?) {
    self.sharingKey = sharingKey
  }

  /// Selects the value from `state`, keeps it, and returns whether the members should hear
  /// about it.
  func evaluate(_ state: State) -> Bool {
    preconditionFailure("AnySelectionGroup.evaluate(_:) is implemented by SelectionGroup")
  }
}

/// The group of subscribers to one `Selection<State, Value>`.
final class SelectionGroup<State, Value>: AnySelectionGroup<State> {
  /// The value selected from the latest state.
  private(set) var current: Value
  /// Selects the value from a state.
  private let select: @Sendable (State) -> Value
  /// Whether a change from the old value to the new one is reported; `nil` reports every one.
  private let shouldNotify: (@Sendable (Value, Value) -> Bool)?

  /// Creates the group and selects its first value from `state`.
  init(selection: Selection<State, Value>, state: State) {
    self.select = selection.select
    self.shouldNotify = selection.shouldNotify
    self.current = selection.select(state)
    super.init(sharingKey: selection.sharingKey)
  }

  override func evaluate(_ state: State) -> Bool {
    let new = select(state)
    let notify = shouldNotify?(current, new) ?? true
    current = new
    return notify
  }
}
