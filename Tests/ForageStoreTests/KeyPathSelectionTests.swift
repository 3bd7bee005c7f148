import Testing

@testable import ForageStore

/// Key-path selections give the values a closure reading the same path gives, whether the store
/// reads them at a stored offset or applies the key path with the standard library.
@Suite struct KeyPathSelectionTests {
  /// A class inside the state, so that some key paths go through a reference.
  final class Box: Sendable {
    let value: Int
    init(value: Int) { self.value = value }
  }

  /// A generic wrapper with a subscript of its own.
  struct Pair<Element: Sendable & Equatable>: Sendable, Equatable {
    var first: Element
    var second: Element
    subscript(swapped index: Int) -> Element { index == 0 ? second : first }
  }

  /// A nested struct with a computed property.
  struct Inner: Sendable, Equatable {
    var flag = false
    var items = ["a", "bb", "ccc"]
    var total: Int { items.reduce(0) { $0 + $1.count } }
  }

  /// A state with a stored property before the array, so offsets are not zero.
  struct State: Sendable {
    var tag: Int8 = 0
    var counters = Array(repeating: 0, count: 8)
    var names: [String: String] = ["k": "v0"]
    var inner = Inner()
    var pair = Pair(first: "x", second: "y")
    var box = Box(value: 0)
    var maybe: Inner? = Inner()
  }

  /// Changes one part of the state.
  enum Action: Sendable {
    case bump(Int)
    case name(String)
    case item(String)
    case swap
    case box(Int)
    case clearMaybe
  }

  static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .bump(let index): state.counters[index] += 1
    case .name(let value): state.names["k"] = value
    case .item(let value): state.inner.items.append(value)
    case .swap: state.pair = Pair(first: state.pair.second, second: state.pair.first)
    case .box(let value): state.box = Box(value: value)
    case .clearMaybe: state.maybe = nil
    }
  }

  static let actions: [Action] = [
    .bump(3), .bump(0), .name("v1"), .item("dddd"), .swap, .bump(3), .box(7), .clearMaybe,
    .name("v1"), .bump(7), .item(""),
  ]

  /// Subscribes with `keyPath` and with a closure reading the same value, replays ``actions``,
  /// and returns what each subscriber saw.
  func values<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<State, Value> & Sendable,
    closure: @escaping @Sendable (State) -> Value
  ) -> (keyPath: [Value], closure: [Value]) {
    let store = Store(initialState: State(), reducer: Self.reducer)
    let byKeyPath = Recorder<Value>()
    let byClosure = Recorder<Value>()
    let tokens = [
      store.subscribe(keyPath) { byKeyPath.append($0) },
      store.subscribe(select: closure) { byClosure.append($0) },
    ]
    for action in Self.actions { store.dispatch(action) }
    withExtendedLifetime(tokens) {}
    return (byKeyPath.values, byClosure.values)
  }

  @Test func anArrayIndexAfterAStoredPropertyGivesTheElement() {
    for index in [0, 3, 7] {
      let seen = values(\.counters[index]) { $0.counters[index] }
      #expect(seen.keyPath == seen.closure)
      #expect(seen.keyPath.count > 1 || index == 0)
    }
  }

  @Test func otherSubscriptsAndComputedPropertiesGiveTheirValue() {
    let name = values(\.names["k"]) { $0.names["k"] }
    #expect(name.keyPath == ["v0", "v1"])
    #expect(name.keyPath == name.closure)
    let item = values(\.inner.items[1]) { $0.inner.items[1] }
    #expect(item.keyPath == ["bb"])
    let total = values(\.inner.total) { $0.inner.total }
    #expect(total.keyPath == [6, 10])
    #expect(total.keyPath == total.closure)
    let count = values(\.inner.items.count) { $0.inner.items.count }
    #expect(count.keyPath == [3, 4, 5])
    let swapped = values(\.pair[swapped: 0]) { $0.pair[swapped: 0] }
    #expect(swapped.keyPath == ["y", "x"])
    #expect(swapped.keyPath == swapped.closure)
  }

  @Test func keyPathsThroughAClassOrAnOptionalGiveTheirValue() {
    let boxed = values(\.box.value) { $0.box.value }
    #expect(boxed.keyPath == [0, 7])
    let optional = values(\.maybe?.total) { $0.maybe?.total }
    #expect(optional.keyPath == [6, nil])
    let nested = values(\.inner.items[0].count) { $0.inner.items[0].count }
    #expect(nested.keyPath == [1])
  }

  @Test func storedPropertiesOfEveryKindAreReadAtTheirOffset() {
    // Stored paths have an offset, so the store reads them in place: values with reference
    // counted storage (strings, arrays, dictionaries), nested structs, one-byte fields.
    #expect(MemoryLayout<State>.offset(of: \State.inner.items) != nil)
    #expect(MemoryLayout<State>.offset(of: \State.counters[0]) == nil)
    let tag = values(\.tag) { $0.tag }
    #expect(tag.keyPath == [0])
    let items = values(\.inner.items) { $0.inner.items }
    #expect(
      items.keyPath == [
        ["a", "bb", "ccc"], ["a", "bb", "ccc", "dddd"], ["a", "bb", "ccc", "dddd", ""],
      ]
    )
    #expect(items.keyPath == items.closure)
    let names = values(\.names) { $0.names }
    #expect(names.keyPath == [["k": "v0"], ["k": "v1"]])
    let pair = values(\.pair) { $0.pair }
    #expect(pair.keyPath.map(\.first) == ["x", "y"])
    #expect(pair.keyPath == pair.closure)
    let counters = values(\.counters) { $0.counters }
    #expect(counters.keyPath.count == 5)
    #expect(counters.keyPath == counters.closure)
  }

  @Test func manySubscribersToDistinctIndicesEachSeeTheirCounter() {
    let store = Store(initialState: State(), reducer: Self.reducer)
    let recorders = (0..<8).map { _ in Recorder<Int>() }
    let tokens = (0..<8).map { index in
      store.subscribe(\.counters[index]) { recorders[index].append($0) }
    }
    for round in 0..<3 {
      for index in 0..<8 where index <= round * 3 { store.dispatch(.bump(index)) }
    }
    withExtendedLifetime(tokens) {}
    for index in 0..<8 {
      let bumps = (0..<3).filter { index <= $0 * 3 }.count
      #expect(recorders[index].values == Array(0...bumps))
    }
  }
}
