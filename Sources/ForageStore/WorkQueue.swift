/// A FIFO queue over an array with a moving head: O(1) append and pop, storage reused.
struct WorkQueue<Element> {
  var storage: [Element] = []
  var head = 0

  /// Creates an empty queue.
  init() {}

  /// Whether no element is waiting.
  var isEmpty: Bool { head == storage.count }

  /// Adds `element` at the back.
  mutating func append(_ element: Element) {
    storage.append(element)
  }

  /// Calls `body` with each waiting element, front to back.
  func forEach(_ body: (Element) -> Void) {
    for index in head..<storage.count { body(storage[index]) }
  }

  /// Removes and returns the front element, or `nil` when the queue is empty.
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
