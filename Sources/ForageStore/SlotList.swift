/// An ordered list with constant-time removal by slot, for the subscription registry.
///
/// Removal leaves a hole that iteration skips; the list compacts itself when holes outnumber live
/// elements, so removal is amortised O(1) and order (insertion order) never changes.
struct SlotList<Element: AnyObject & Slotted> {
  var slots: [Element?] = []
  var holes = 0

  /// Creates an empty list.
  init() {}

  /// The number of live elements.
  var count: Int { slots.count - holes }

  /// Whether the list has no live element.
  var isEmpty: Bool { count == 0 }

  /// Appends `element` and records its slot in it.
  mutating func append(_ element: Element) {
    element.slot = slots.count
    slots.append(element)
  }

  /// Removes `element`, which must be in this list.
  mutating func remove(_ element: Element) {
    let slot = element.slot
    guard slot >= 0, slot < slots.count, slots[slot] === element else { return }
    slots[slot] = nil
    element.slot = -1
    holes += 1
    if holes > 16 && holes * 2 > slots.count { compact() }
  }

  /// Removes every element.
  mutating func removeAll() {
    for element in slots { element?.slot = -1 }
    slots.removeAll()
    holes = 0
  }

  private mutating func compact() {
    var live: [Element?] = []
    live.reserveCapacity(count)
    for case let element? in slots {
      element.slot = live.count
      live.append(element)
    }
    slots = live
    holes = 0
  }
}

/// An element that knows where it is in a ``SlotList``.
protocol Slotted: AnyObject {
  /// The element's index in its list, or -1 when it is in none.
  var slot: Int { get set }
}
