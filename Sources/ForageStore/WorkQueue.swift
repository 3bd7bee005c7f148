/// A FIFO queue over an array with a moving head: O(1) append and pop, storage reused.
@usableFromInline
struct WorkQueue<Element> {
  @usableFromInline var storage: [Element] = []
  @usableFromInline var head = 0

  /// Creates an empty queue.
  @inlinable
  init() {}

  /// Whether no element is waiting.
  @inlinable
  var isEmpty: Bool { head == storage.count }

  /// Adds `element` at the back.
  @inlinable
  mutating func append(_ element: Element) {
    storage.append(element)
  }

  /// Calls `body` with each waiting element, front to back.
  @inlinable
  func forEach(_ body: (Element) -> Void) {
    for index in head..<storage.count { body(storage[index]) }
  }

  /// Removes and returns the front element, or `nil` when the queue is empty.
  @inlinable
  mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head]
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: storage.count <= 4096)
      head = 0
    } else if head >= 4096 && head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }
}
