/// Closure subscribers to `Equatable` values of one type, with the default repeat rule and no
/// other filter: the common ``Store/subscribe(select:onChange:)`` case.
///
/// Closures cannot be shared, so each is evaluated after every action. The table keeps them in
/// columns (the closures, the values they gave last, the subscribers) and evaluates them in one
/// loop. Only the thread processing the store's queue touches a table.
@usableFromInline
class AnySelectionTable<State> {
  /// Evaluates every subscriber of the table it is given against a state, appending those
  /// whose value changed. Made by ``SelectionTable``'s initialiser, in the module that
  /// subscribes (see there).
  @usableFromInline let evaluate:
    (AnySelectionTable<State>, State, inout [SubscriberBox<State>]) -> Void

  @usableFromInline
  init(
    evaluate: @escaping (AnySelectionTable<State>, State, inout [SubscriberBox<State>]) -> Void
  ) {
    self.evaluate = evaluate
  }

  /// Evaluates every subscriber against `state`, appending to `changed` those whose value
  /// changed.
  func collect(_ state: State, into changed: inout [SubscriberBox<State>]) {
    evaluate(self, state, &changed)
  }

  /// The number of subscribers.
  var count: Int {
    preconditionFailure("AnySelectionTable.count is implemented by SelectionTable")
  }

  /// Detaches every subscriber; used when the store goes away.
  func detachAll() {}
}

/// The table of closure subscribers whose selected values are of type `Value`.
///
/// Removing a subscriber moves the last one into its place, so removal takes constant time and
/// the columns have no holes; the registry restores subscription order when it calls them.
@usableFromInline
final class SelectionTable<State, Value>: AnySelectionTable<State> {
  /// The closures, one a subscriber.
  @usableFromInline var selects: [@Sendable (State) -> Value] = []
  /// The value each closure gave last.
  @usableFromInline var values: [Value] = []
  /// The subscribers.
  @usableFromInline var members: [Subscriber<State, Value>] = []

  /// Creates an empty table.
  ///
  /// `@inlinable` so that the loop below is compiled where the store is used, for the concrete
  /// state and value types: a subscriber then costs a closure call and an `==`. Compiled
  /// generically inside this module, each step goes through the types' value witnesses and the
  /// arrays' generic code. StoreBenchmark, section 2, 1 000 closure subscribers: 15 600
  /// dispatches/s generic, 180 000 specialised (ReSwift 6.2: 1 700).
  @inlinable
  init() where Value: Equatable {
    super.init { table, state, changed in
      guard let table = table as? SelectionTable else { return }
      let members = table.members
      table.selects.withUnsafeBufferPointer { selects in
        table.values.withUnsafeMutableBufferPointer { values in
          for slot in values.indices {
            let new = selects[slot](state)
            if values[slot] != new {
              values[slot] = new
              changed.append(members[slot])
            }
          }
        }
      }
    }
  }

  override var count: Int { members.count }

  /// Adds a subscriber whose closure gave `value`; returns its slot.
  func add(_ subscriber: Subscriber<State, Value>, value: Value) -> Int {
    selects.append(subscriber.selection.select)
    values.append(value)
    members.append(subscriber)
    return members.count - 1
  }

  /// Removes the subscriber in `slot`, moving the last one into its place.
  func remove(slot: Int) {
    let last = members.count - 1
    if slot != last {
      selects[slot] = selects[last]
      values[slot] = values[last]
      members[slot] = members[last]
      members[slot].tableSlot = slot
    }
    selects.removeLast()
    values.removeLast()
    members.removeLast()
  }

  /// The value the subscriber in `slot` was given last.
  func value(at slot: Int) -> Value {
    values[slot]
  }

  override func detachAll() {
    let members = self.members
    selects = []
    values = []
    self.members = []
    for member in members { member.detach() }
  }
}
