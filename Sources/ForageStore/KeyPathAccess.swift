/// How a selection reads the value at its key path (see `Selection.access(for:)`).
@usableFromInline
enum KeyPathAccess: Sendable {
  /// Stored properties only: the value is at this byte offset in the state.
  case stored(offset: Int)
  /// Stored properties, then an `Array` index: the array is at `offset`, the value at `index`.
  case arrayElement(offset: Int, index: Int)
  /// Stored properties, then one computed property or subscript, whose getter is called.
  case getter(KeyPathLayout)
  /// Any other shape: the key-path runtime applies it.
  case runtime
}
