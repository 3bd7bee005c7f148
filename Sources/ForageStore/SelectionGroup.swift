/// Subscribers that share one selection, evaluated once per action for all of them.
class AnySelectionGroup<State>: Slotted {
  /// The group's index in the registry's group list.
  var slot = -1
  /// The key the registry finds the group by, when it is shared.
  let sharingKey: SharingKey?

  init(sharingKey: SharingKey?) {
    self.sharingKey = sharingKey
  }

  /// Selects the new value; returns whether the members should hear about it.
  func evaluate(_ state: State) -> Bool { false }

  /// Calls `body` with each live member, in subscription order.
  func forEachMember(_ body: (SubscriberBox) -> Void) {}

  /// Appends each live member to `list`.
  func collectMembers(into list: inout [SubscriberBox]) {}

  /// Detaches every member, breaking the member-to-group references.
  func removeAllMembers() {}
}

/// The group of subscribers to one `Selection<State, Value>`.
final class SelectionGroup<State, Value>: AnySelectionGroup<State> {
  private let select: @Sendable (State) -> Value
  private let shouldNotify: (@Sendable (Value, Value) -> Bool)?
  /// The value selected from the latest state.
  private(set) var current: Value
  /// The subscribers, in subscription order.
  var members = SlotList<SubscriberBox>()
  /// The registry that holds the group.
  weak var registry: SubscriptionRegistry<State>?

  init(selection: Selection<State, Value>, state: State, registry: SubscriptionRegistry<State>) {
    self.select = selection.select
    self.shouldNotify = selection.shouldNotify
    self.current = selection.select(state)
    self.registry = registry
    super.init(sharingKey: selection.sharingKey)
  }

  override func evaluate(_ state: State) -> Bool {
    let new = select(state)
    defer { current = new }
    guard let shouldNotify else { return true }
    return shouldNotify(current, new)
  }

  override func forEachMember(_ body: (SubscriberBox) -> Void) {
    for case let member? in members.slots { body(member) }
  }

  override func collectMembers(into list: inout [SubscriberBox]) {
    for case let member? in members.slots { list.append(member) }
  }

  override func removeAllMembers() {
    for case let member? in members.slots {
      (member as? Subscriber<State, Value>)?.group = nil
    }
    members.removeAll()
  }
}
