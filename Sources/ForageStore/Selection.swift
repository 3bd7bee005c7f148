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
/// Subscribers to the same key path with the default repeat rule and no other filter share one
/// evaluation per action, so many of them cost about as much as one. A key path made only of
/// stored properties is read at its fixed offset in the state (`MemoryLayout.offset(of:)`);
/// any other key path is applied by the standard library, which costs more (see
/// <doc:ThreadingModel>, "Cost").
public struct Selection<State, Value>: Sendable {
  /// Selects the value from the state.
  @usableFromInline let select: @Sendable (State) -> Value
  /// The key path the value was selected with, when subscribers may share its evaluation.
  @usableFromInline let keyPath: (AnyKeyPath & Sendable)?
  /// Whether two values are the same, so the second is not reported.
  @usableFromInline var isDuplicate: (@Sendable (Value, Value) -> Bool)?
  /// Whether ``isDuplicate`` is the automatic `==` of an `Equatable` value.
  @usableFromInline var usesAutomaticRepeats: Bool
  /// Extra filters; a change is reported only when every one returns `true`.
  @usableFromInline var filters: [@Sendable (Value, Value) -> Bool]
  /// Makes the table that evaluates closure selections of `Equatable` values together; set
  /// only while the selection is such a closure with the default repeat rule and no filter.
  @usableFromInline var makeTable: (@Sendable () -> SelectionTable<State, Value>)?

  /// Selects the value at `keyPath`, reporting every action (the value is not `Equatable`).
  ///
  /// - Parameter keyPath: The key path from the state to the value.
  public init(_ keyPath: KeyPath<State, Value> & Sendable) {
    self.select = Self.reader(for: keyPath)
    self.keyPath = keyPath
    self.isDuplicate = nil
    self.usesAutomaticRepeats = false
    self.filters = []
    self.makeTable = nil
  }

  /// Selects the value a closure computes from the state, reporting every action.
  ///
  /// - Parameter select: Computes the value; it runs after every action, so keep it cheap.
  public init(_ select: @escaping @Sendable (State) -> Value) {
    self.select = select
    self.keyPath = nil
    self.isDuplicate = nil
    self.usesAutomaticRepeats = false
    self.filters = []
    self.makeTable = nil
  }

  /// Reports a change only when `isDuplicate(old, new)` is `false`.
  ///
  /// - Parameter isDuplicate: Whether two selected values count as the same.
  /// - Returns: A selection with that repeat rule instead of the current one.
  public func removingDuplicates(
    by isDuplicate: @escaping @Sendable (_ old: Value, _ new: Value) -> Bool
  ) -> Selection {
    var copy = self
    copy.isDuplicate = isDuplicate
    copy.usesAutomaticRepeats = false
    copy.makeTable = nil
    return copy
  }

  /// Reports every action, even when the selected value did not change.
  ///
  /// - Returns: A selection with no repeat rule.
  public func allowingRepeats() -> Selection {
    var copy = self
    copy.isDuplicate = nil
    copy.usesAutomaticRepeats = false
    copy.makeTable = nil
    return copy
  }

  /// Skips a change when `predicate(old, new)` is `true`.
  ///
  /// - Parameter predicate: Returns `true` for changes the subscriber should not hear about.
  /// - Returns: A selection with the filter added.
  public func skip(
    when predicate: @escaping @Sendable (_ old: Value, _ new: Value) -> Bool
  ) -> Selection {
    var copy = self
    copy.filters.append { !predicate($0, $1) }
    copy.makeTable = nil
    return copy
  }

  /// Reports a change only when `predicate(old, new)` is `true`.
  ///
  /// - Parameter predicate: Returns `true` for changes the subscriber should hear about.
  /// - Returns: A selection with the filter added.
  public func only(
    when predicate: @escaping @Sendable (_ old: Value, _ new: Value) -> Bool
  ) -> Selection {
    var copy = self
    copy.filters.append(predicate)
    copy.makeTable = nil
    return copy
  }

  /// A function reading the value at `keyPath`.
  ///
  /// A key path made only of stored properties of structs has a fixed offset in the state,
  /// which the standard library reports (`MemoryLayout.offset(of:)`); reading at that offset
  /// costs about as much as a property access. Any other key path (a subscript, a computed
  /// property, a class or an optional on the way) is applied with `state[keyPath:]`.
  static func reader(for keyPath: KeyPath<State, Value> & Sendable) -> @Sendable (State) -> Value {
    guard let offset = MemoryLayout<State>.offset(of: keyPath) else {
      return { $0[keyPath: keyPath] }
    }
    return { state in
      withUnsafeBytes(of: state) { $0.load(fromByteOffset: offset, as: Value.self) }
    }
  }

  /// The key under which subscribers share one evaluation, or `nil` if this one cannot share.
  var sharingKey: SharingKey? {
    guard filters.isEmpty, isDuplicate == nil || usesAutomaticRepeats, let keyPath else {
      return nil
    }
    return SharingKey(keyPath: keyPath, skipsRepeats: usesAutomaticRepeats)
  }

  /// Whether a change from `old` to `new` is reported, or `nil` when every change is.
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
  public init(_ keyPath: KeyPath<State, Value> & Sendable) {
    self.select = Self.reader(for: keyPath)
    self.keyPath = keyPath
    self.isDuplicate = { $0 == $1 }
    self.usesAutomaticRepeats = true
    self.filters = []
    self.makeTable = nil
  }

  /// Selects the value a closure computes from the state and skips repeats.
  ///
  /// `@inlinable` so that the table evaluating such selections is made for the concrete state
  /// and value types where the store is used (see `SelectionTable`).
  ///
  /// - Parameter select: Computes the value; it runs after every action, so keep it cheap.
  @inlinable
  public init(_ select: @escaping @Sendable (State) -> Value) {
    self.select = select
    self.keyPath = nil
    self.isDuplicate = { $0 == $1 }
    self.usesAutomaticRepeats = true
    self.filters = []
    self.makeTable = { SelectionTable() }
  }
}

/// Identifies selections whose subscribers can share one evaluation: same key path, same rule.
struct SharingKey: Hashable {
  /// The key path the value is selected with.
  var keyPath: AnyKeyPath
  /// Whether repeats are skipped with `==`; otherwise every action is reported.
  var skipsRepeats: Bool
}
