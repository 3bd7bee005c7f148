import Testing

@testable import ForageStore

/// Key-path selections read without the key-path runtime give the values the runtime gives, for
/// every shape the store reads itself and for those it leaves to the runtime.
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

  @Test func anArrayIndexAfterAStoredPropertyIsReadInPlace() {
    for index in [0, 3, 7] {
      let seen = values(\.counters[index]) { $0.counters[index] }
      #expect(seen.keyPath == seen.closure)
      #expect(seen.keyPath.count > 1 || index == 0)
    }
    let layout = KeyPathLayout(\State.counters[3] as KeyPath<State, Int>)
    #expect(layout?.arrayIndex(of: Int.self) == 3)
    #expect(layout?.offset == MemoryLayout<State>.offset(of: \State.counters))
  }

  @Test func otherSubscriptsAndComputedPropertiesCallTheirGetter() {
    let name = values(\.names["k"]) { $0.names["k"] }
    #expect(name.keyPath == ["v0", "v1"])
    #expect(name.keyPath == name.closure)
    let item = values(\.inner.items[1]) { $0.inner.items[1] }
    #expect(item.keyPath == ["bb"])
    #expect(KeyPathLayout(\State.inner.items[1])?.arrayIndex(of: String.self) == 1)
    let total = values(\.inner.total) { $0.inner.total }
    #expect(total.keyPath == [6, 10])
    #expect(total.keyPath == total.closure)
    let count = values(\.inner.items.count) { $0.inner.items.count }
    #expect(count.keyPath == [3, 4, 5])
    let swapped = values(\.pair[swapped: 0]) { $0.pair[swapped: 0] }
    #expect(swapped.keyPath == ["y", "x"])
    #expect(swapped.keyPath == swapped.closure)
    for keyPath: AnyKeyPath in [
      \State.names["k"], \State.inner.total, \State.inner.items.count, \State.pair[swapped: 0],
    ] {
      #expect(KeyPathLayout(keyPath)?.getter != nil)
    }
    // A dictionary subscript is not an array index.
    #expect(KeyPathLayout(\State.names["k"])?.arrayIndex(of: String?.self) == nil)
  }

  @Test func keyPathsThroughAClassOrAnOptionalUseTheRuntime() {
    let boxed = values(\.box.value) { $0.box.value }
    #expect(boxed.keyPath == [0, 7])
    let optional = values(\.maybe?.total) { $0.maybe?.total }
    #expect(optional.keyPath == [6, nil])
    #expect(KeyPathLayout(\State.box.value) == nil)
    #expect(KeyPathLayout(\State.maybe?.total) == nil)
    // Two computed components: the runtime too.
    #expect(KeyPathLayout(\State.inner.items[0].count) == nil)
    let nested = values(\.inner.items[0].count) { $0.inner.items[0].count }
    #expect(nested.keyPath == [1])
  }

  @Test func appendedKeyPathsHaveTheLayoutOfTheLiteral() {
    // Appended key paths are not `Sendable`, so they cannot be subscribed with; their layout is
    // still that of the literal key path they equal.
    let total = (\State.inner).appending(path: \Inner.total)
    #expect(
      KeyPathLayout(total)?.getter?.function == KeyPathLayout(\State.inner.total)?.getter?.function
    )
    let indexed = (\State.counters).appending(path: \[Int].[7])
    #expect(KeyPathLayout(indexed)?.arrayIndex(of: Int.self) == 7)
    #expect(KeyPathLayout(indexed)?.offset == KeyPathLayout(\State.counters[7])?.offset)
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
