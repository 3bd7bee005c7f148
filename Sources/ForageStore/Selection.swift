/// What a subscriber observes: a value selected from the state, and when it is told about it.
///
/// A subscriber gets the selected value once when it subscribes, then after each action whose
/// new selected value passes the selection's filters. Filters look at the value selected from
/// the state before the action (`old`) and after it (`new`).
///
/// - Selections of `Equatable` values skip repeats automatically (`old == new` is skipped);
///   ``allowingRepeats()`` turns that off, ``removingDuplicates(by:)`` sets another predicate.
/// - ``skip(when:)`` and ``only(when:)`` add filters; all of them must agree to notify.
///
/// Selections made from a key path, with the default repeat rule and no other filter, are
/// evaluated once per action for all their subscribers, so many subscribers to the same key path
/// cost about as much as one; a key path of stored properties is read at a fixed offset, one
/// that ends in an array index reads the array at its offset, and one that ends in another
/// subscript or computed property calls its getter directly, without the key-path runtime.
/// Closure selections of `Equatable` values with the default repeat rule are evaluated together
/// in one tight loop, a closure call and a comparison each.
public struct Selection<State, Value>: Sendable {
  /// Selects the value from the state.
  @usableFromInline let select: @Sendable (State) -> Value
  /// Selects the value from the state in place, without copying the state.
  @usableFromInline let read: @Sendable (UnsafePointer<State>) -> Value
  /// The key path the value was selected with, when subscribers may share its evaluation.
  @usableFromInline let keyPath: (AnyKeyPath & Sendable)?
  /// Whether two values are the same, so the second is not reported.
  @usableFromInline var isDuplicate: (@Sendable (Value, Value) -> Bool)?
  /// Whether ``isDuplicate`` is the automatic `==` of an `Equatable` value.
  @usableFromInline var usesAutomaticRepeats: Bool
  /// Extra filters; a change is reported only when every one returns `true`.
  @usableFromInline var filters: [@Sendable (Value, Value) -> Bool] = []
  /// Makes the table that evaluates closure selections of `Equatable` values in one loop; set
  /// only while the selection is such a closure with the default repeat rule and no filter.
  @usableFromInline var makeTable: (@Sendable () -> SelectionTable<State, Value>)?
  /// Makes the function that evaluates a shared key-path selection of an `Equatable` value with
  /// the default repeat rule: it reads the value, compares it with the one it last saw (kept at
  /// the pointer it is given) and says whether it changed, in one call. Set only while the
  /// selection is such a key path with no filter.
  @usableFromInline var makeEvaluator:
    (@Sendable (UnsafeMutablePointer<Value>) -> (UnsafePointer<State>) -> Bool)?

  /// Selects the value at `keyPath`, reporting every action (the value is not `Equatable`).
  ///
  /// - Parameter keyPath: The key path from the state to the value.
  @inlinable
  public init(_ keyPath: KeyPath<State, Value> & Sendable) {
    self.select = { $0[keyPath: keyPath] }
    self.read = Self.reader(for: keyPath, access: Self.access(for: keyPath))
    self.keyPath = keyPath
    self.isDuplicate = nil
    self.usesAutomaticRepeats = false
  }

  /// Selects the value a closure computes from the state, reporting every action.
  ///
  /// - Parameter select: Computes the value; it runs after every action, so keep it cheap.
  @inlinable
  public init(_ select: @escaping @Sendable (State) -> Value) {
    self.select = select
    self.read = { select($0.pointee) }
    self.keyPath = nil
    self.isDuplicate = nil
    self.usesAutomaticRepeats = false
  }

  /// Reports a change only when `isDuplicate(old, new)` is `false`.
  ///
  /// - Parameter isDuplicate: Whether two selected values count as the same.
  /// - Returns: A selection with that repeat rule instead of the current one.
  @inlinable
  public func removingDuplicates(
    by isDuplicate: @escaping @Sendable (_ old: Value, _ new: Value) -> Bool
  ) -> Selection {
    var copy = self
    copy.isDuplicate = isDuplicate
    copy.usesAutomaticRepeats = false
    copy.makeTable = nil
    copy.makeEvaluator = nil
    return copy
  }

  /// Reports every action, even when the selected value did not change.
  ///
  /// - Returns: A selection with no repeat rule.
  @inlinable
  public func allowingRepeats() -> Selection {
    var copy = self
    copy.isDuplicate = nil
    copy.usesAutomaticRepeats = false
    copy.makeTable = nil
    copy.makeEvaluator = nil
    return copy
  }

  /// Skips a change when `predicate(old, new)` is `true`.
  ///
  /// - Parameter predicate: Returns `true` for changes the subscriber should not hear about.
  /// - Returns: A selection with the filter added.
  @inlinable
  public func skip(
    when predicate: @escaping @Sendable (_ old: Value, _ new: Value) -> Bool
  ) -> Selection {
    var copy = self
    copy.filters.append { !predicate($0, $1) }
    copy.makeTable = nil
    copy.makeEvaluator = nil
    return copy
  }

  /// Reports a change only when `predicate(old, new)` is `true`.
  ///
  /// - Parameter predicate: Returns `true` for changes the subscriber should hear about.
  /// - Returns: A selection with the filter added.
  @inlinable
  public func only(
    when predicate: @escaping @Sendable (_ old: Value, _ new: Value) -> Bool
  ) -> Selection {
    var copy = self
    copy.filters.append(predicate)
    copy.makeTable = nil
    copy.makeEvaluator = nil
    return copy
  }

  /// How the store reads the value at `keyPath`, worked out once when the selection is made.
  ///
  /// Applying a key path goes through the runtime and costs hundreds of nanoseconds when it has
  /// a subscript. A key path made only of stored properties of a struct has a fixed offset in the
  /// state, and reading at that offset costs about as much as a direct property access. Stored
  /// properties then an array index (`\.counters[k]`) read the array at its offset and index it;
  /// stored properties then another computed property or subscript call its getter directly
  /// (``KeyPathLayout``). Other key paths go through the runtime.
  @inlinable
  static func access(for keyPath: KeyPath<State, Value> & Sendable) -> KeyPathAccess {
    if let offset = MemoryLayout<State>.offset(of: keyPath) { return .stored(offset: offset) }
    guard let layout = KeyPathLayout(keyPath) else { return .runtime }
    if let index = layout.arrayIndex(of: Value.self) {
      return .arrayElement(offset: layout.offset, index: index)
    }
    return .getter(layout)
  }

  /// A reader that reads the value at `keyPath` in place, the way `access` says.
  @inlinable
  static func reader(
    for keyPath: KeyPath<State, Value> & Sendable,
    access: KeyPathAccess
  ) -> @Sendable (UnsafePointer<State>) -> Value {
    switch access {
    case .stored(let offset):
      return { UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value.self) }
    case .arrayElement(let offset, let index):
      return { state in
        UnsafeRawPointer(state).advanced(by: offset).assumingMemoryBound(to: [Value].self)
          .pointee[index]
      }
    case .getter(let layout):
      return { state in
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
          let result = buffer.baseAddress.unsafelyUnwrapped
          layout.get(into: UnsafeMutableRawPointer(result), from: UnsafeRawPointer(state))
          return result.move()
        }
      }
    case .runtime:
      return { $0.pointee[keyPath: keyPath] }
    }
  }

  /// The key under which subscribers share one evaluation, or `nil` if this one cannot share.
  @inlinable
  var sharingKey: SharingKey? {
    guard filters.isEmpty, isDuplicate == nil || usesAutomaticRepeats, let keyPath else {
      return nil
    }
    return SharingKey(keyPath: keyPath, skipsRepeats: usesAutomaticRepeats)
  }

  /// Whether a change from `old` to `new` is reported, or `nil` when every change is.
  @inlinable
  var shouldNotify: (@Sendable (Value, Value) -> Bool)? {
    let isDuplicate = self.isDuplicate
    let filters = self.filters
    switch (isDuplicate, filters.count) {
    case (nil, 0): return nil
    case (let isDuplicate?, 0): return { !isDuplicate($0, $1) }
    case (nil, 1): return filters[0]
    default:
      return { old, new in
        if let isDuplicate, isDuplicate(old, new) { return false }
        for filter in filters where !filter(old, new) { return false }
        return true
      }
    }
  }
}

extension Selection where Value: Equatable & Sendable {
  /// Selects the value at `keyPath` and skips repeats.
  ///
  /// - Parameter keyPath: The key path from the state to the value.
  @inlinable
  public init(_ keyPath: KeyPath<State, Value> & Sendable) {
    self.select = { $0[keyPath: keyPath] }
    let access = Self.access(for: keyPath)
    let read = Self.reader(for: keyPath, access: access)
    self.read = read
    self.keyPath = keyPath
    self.isDuplicate = { $0 == $1 }
    self.usesAutomaticRepeats = true
    self.makeEvaluator = Self.evaluator(access: access, read: read)
  }

  /// The ``makeEvaluator`` for a key path read the way `access` says: an array index is read
  /// and compared inline; any other key path through `read`.
  @inlinable
  static func evaluator(
    access: KeyPathAccess,
    read: @escaping @Sendable (UnsafePointer<State>) -> Value
  ) -> @Sendable (UnsafeMutablePointer<Value>) -> (UnsafePointer<State>) -> Bool {
    if case .arrayElement(let offset, let index) = access {
      return { current in
        { state in
          let new = UnsafeRawPointer(state).advanced(by: offset)
            .assumingMemoryBound(to: [Value].self).pointee[index]
          if current.pointee == new { return false }
          current.pointee = new
          return true
        }
      }
    }
    return { current in
      { state in
        let new = read(state)
        if current.pointee == new { return false }
        current.pointee = new
        return true
      }
    }
  }

  /// Selects the value a closure computes from the state and skips repeats.
  ///
  /// - Parameter select: Computes the value; it runs after every action, so keep it cheap.
  @inlinable
  public init(_ select: @escaping @Sendable (State) -> Value) {
    self.select = select
    self.read = { select($0.pointee) }
    self.keyPath = nil
    self.isDuplicate = { $0 == $1 }
    self.usesAutomaticRepeats = true
    self.makeTable = { SelectionTable() }
  }
}

/// Identifies selections whose subscribers can share one evaluation: same key path, same rule.
@usableFromInline
struct SharingKey: Hashable {
  /// The key path the value is selected with.
  @usableFromInline var keyPath: AnyKeyPath
  /// Whether repeats are skipped with `==`; otherwise every action is reported.
  @usableFromInline var skipsRepeats: Bool

  @inlinable
  init(keyPath: AnyKeyPath, skipsRepeats: Bool) {
    self.keyPath = keyPath
    self.skipsRepeats = skipsRepeats
  }
}
