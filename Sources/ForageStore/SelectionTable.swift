/// Closure subscribers to `Equatable` values of one type, with the default repeat rule and no
/// other filter: the common `subscribe(select:)` case.
///
/// The closures cannot be shared, so each is evaluated on every action; the table keeps them in
/// flat columns and runs them in one tight loop that takes no reference count and no lock, so a
/// subscriber costs a closure call and a comparison. Slots are reused but never move, so a
/// subscriber's slot is stable for its whole life.
@usableFromInline
class AnySelectionTable<State>: Slotted {
  /// The table's index in the registry's table list.
  @usableFromInline var slot = -1
  /// The number of live subscribers.
  @usableFromInline var liveCount = 0
  /// The registry that holds the table.
  @usableFromInline weak var registry: SubscriptionRegistry<State>?
  /// Evaluates every subscriber against a state, appending those whose value changed.
  /// Made by the subclass's initialiser, so that it is specialised where the store is used.
  @usableFromInline let collect: (UnsafePointer<State>, inout [SubscriberBox]) -> Void

  @usableFromInline
  init(collect: @escaping (UnsafePointer<State>, inout [SubscriberBox]) -> Void) {
    self.collect = collect
  }

  /// Detaches every subscriber; used when the store goes away.
  @usableFromInline
  func removeAll() {}
}

/// The table of closure subscribers whose selected values are of type `Value`.
@usableFromInline
final class SelectionTable<State, Value>: AnySelectionTable<State> {
  /// The table's storage; it lives in its own allocation so that the evaluation loop reads it
  /// without exclusivity checks.
  @usableFromInline let columns: UnsafeMutablePointer<Columns>

  /// The table's storage, one entry a slot.
  @usableFromInline
  struct Columns {
    /// The subscribers, unretained (``owners`` keeps them alive); `nil` for a free slot.
    @usableFromInline var subscribers: UnsafeMutablePointer<Unmanaged<Subscriber<State, Value>>?>
    /// The value each subscriber saw last; initialised for every slot below ``count``.
    @usableFromInline var values: UnsafeMutablePointer<Value>
    /// The slots in use or freed so far.
    @usableFromInline var count = 0
    /// The slots allocated.
    @usableFromInline var capacity: Int
    /// The subscribers, retained, by slot.
    @usableFromInline var owners: [Subscriber<State, Value>?] = []
    /// Freed slots, reused before new ones.
    @usableFromInline var free: [Int] = []

    @inlinable
    init(capacity: Int) {
      self.capacity = capacity
      subscribers = .allocate(capacity: capacity)
      values = .allocate(capacity: capacity)
    }
  }

  @inlinable
  init() where Value: Equatable {
    let columns = UnsafeMutablePointer<Columns>.allocate(capacity: 1)
    columns.initialize(to: Columns(capacity: 16))
    self.columns = columns
    // The table owns `columns` and this closure, and frees `columns` only when it goes away.
    super.init { state, changed in
      let state = state.pointee
      let count = columns.pointee.count
      let subscribers = columns.pointee.subscribers
      let values = columns.pointee.values
      for slot in 0..<count {
        guard let subscriber = subscribers[slot] else { continue }
        let new = subscriber._withUnsafeGuaranteedRef { $0.selection.select(state) }
        if values[slot] != new {
          values[slot] = new
          changed.append(subscriber.takeUnretainedValue())
        }
      }
    }
  }

  deinit {
    let columns = columns.pointee
    columns.values.deinitialize(count: columns.count)
    columns.values.deallocate()
    columns.subscribers.deallocate()
    self.columns.deinitialize(count: 1)
    self.columns.deallocate()
  }

  /// The value the subscriber in `slot` saw last.
  @inlinable
  func value(at slot: Int) -> Value {
    columns.pointee.values[slot]
  }

  /// Adds a subscriber whose current value is `value`; returns its slot.
  @inlinable
  func add(_ subscriber: Subscriber<State, Value>, value: Value) -> Int {
    liveCount += 1
    if let slot = columns.pointee.free.popLast() {
      columns.pointee.subscribers[slot] = .passUnretained(subscriber)
      columns.pointee.values[slot] = value
      columns.pointee.owners[slot] = subscriber
      return slot
    }
    if columns.pointee.count == columns.pointee.capacity { grow() }
    let slot = columns.pointee.count
    (columns.pointee.subscribers + slot).initialize(to: .passUnretained(subscriber))
    (columns.pointee.values + slot).initialize(to: value)
    columns.pointee.owners.append(subscriber)
    columns.pointee.count += 1
    return slot
  }

  /// Frees the slot of a subscriber that leaves.
  @usableFromInline
  func remove(slot: Int) {
    guard columns.pointee.subscribers[slot] != nil else { return }
    liveCount -= 1
    columns.pointee.subscribers[slot] = nil
    columns.pointee.owners[slot] = nil
    columns.pointee.free.append(slot)
  }

  @usableFromInline
  override func removeAll() {
    for case let subscriber? in columns.pointee.owners { subscriber.detach() }
    for slot in 0..<columns.pointee.count { columns.pointee.subscribers[slot] = nil }
    columns.pointee.owners = Array(repeating: nil, count: columns.pointee.count)
    columns.pointee.free = []
    liveCount = 0
  }

  /// Doubles the columns' capacity.
  @usableFromInline
  func grow() {
    let old = columns.pointee
    let capacity = old.capacity * 2
    let subscribers = UnsafeMutablePointer<Unmanaged<Subscriber<State, Value>>?>.allocate(
      capacity: capacity
    )
    let values = UnsafeMutablePointer<Value>.allocate(capacity: capacity)
    subscribers.moveInitialize(from: old.subscribers, count: old.count)
    values.moveInitialize(from: old.values, count: old.count)
    old.subscribers.deallocate()
    old.values.deallocate()
    columns.pointee.subscribers = subscribers
    columns.pointee.values = values
    columns.pointee.capacity = capacity
  }
}
