import CKeyPathShim

/// What a key path does, read from the key path object, so that the store can read its value
/// without the key-path runtime.
///
/// The standard library applies a key path by walking its components in generic code, which
/// costs hundreds of nanoseconds as soon as the path has a subscript (`\.counters[k]`): more than
/// the rest of a dispatch. No library or public API turns a key path into a direct accessor, so
/// this reads the key path object's component buffer, whose layout is part of Swift's stable ABI
/// (`docs/ABI/KeyPaths.md` and `shims/KeyPath.h` in the Swift repository), for the two shapes
/// state selections use: stored properties of structs, then at most one computed property or
/// subscript. Any other shape (a class or optional component, a second computed component, a
/// reference prefix, unresolved offsets, bits it does not know) gives `nil`, and the store applies
/// the key path the standard way.
///
/// Only on 64-bit Linux, the platform this is tested on.
@usableFromInline
struct KeyPathLayout: @unchecked Sendable {
  /// The byte offset, from the root, of the value the stored properties lead to.
  @usableFromInline let offset: Int
  /// The type of the value at ``offset``: the root's type when there is no stored property.
  @usableFromInline let baseType: Any.Type
  /// The last component's getter, when it is computed; `nil` when every component is stored.
  @usableFromInline let getter: Getter?
  /// The key path, kept alive because ``getter`` points into it.
  @usableFromInline let keyPath: AnyKeyPath

  /// A computed component's getter and the arguments it is called with (a subscript's indices).
  @usableFromInline
  struct Getter {
    /// The getter, `(@out Value, @in_guaranteed Base, arguments, size)`.
    @usableFromInline let function: UnsafeRawPointer
    /// The component's argument buffer (for a component without arguments, the getter field, as
    /// the standard library passes it).
    @usableFromInline let arguments: UnsafeRawPointer
    /// The size of the argument buffer in bytes.
    @usableFromInline let size: Int
  }

  /// Reads `keyPath`'s layout, or returns `nil` when its shape is not one of those described
  /// above.
  ///
  /// - Parameter keyPath: The key path to read.
  @usableFromInline
  init?(_ keyPath: AnyKeyPath) {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      guard let (offset, baseType, getter) = Self.components(of: keyPath) else { return nil }
      self.offset = offset
      self.baseType = baseType ?? type(of: keyPath).rootType
      self.getter = getter
      self.keyPath = keyPath
    #else
      return nil
    #endif
  }

  /// Calls the computed component's getter on the value at ``offset`` from `root`, initialising
  /// the memory at `result` with a value of the key path's value type.
  ///
  /// - Parameters:
  ///   - result: Uninitialised memory for one value of the key path's value type.
  ///   - root: The root value the key path starts from.
  @usableFromInline
  func get(into result: UnsafeMutableRawPointer, from root: UnsafeRawPointer) {
    guard let getter else { preconditionFailure("get(into:from:) needs a computed component") }
    withExtendedLifetime(keyPath) {
      forage_key_path_get(getter.function, result, root + offset, getter.arguments, getter.size)
    }
  }

  /// The index, when the last component is `Array<Element>`'s `subscript(_: Int)` applied to the
  /// array at ``offset``; `nil` otherwise.
  ///
  /// The standard library's subscript is recognised by comparing the getter with that of two
  /// key paths made here, `\[Element].[0]` and `\[Element].[1]`, which also show that the index
  /// is the first word of the arguments.
  ///
  /// - Parameter element: The array's element type.
  @usableFromInline
  func arrayIndex<Element>(of element: Element.Type) -> Int? {
    guard let getter, getter.size >= MemoryLayout<Int>.size,
      ObjectIdentifier(baseType) == ObjectIdentifier([Element].self),
      let first = KeyPathLayout(\[Element].[0]), let second = KeyPathLayout(\[Element].[1]),
      let firstGetter = first.getter, let secondGetter = second.getter,
      firstGetter.function == getter.function, secondGetter.function == getter.function,
      firstGetter.arguments.load(as: Int.self) == 0,
      secondGetter.arguments.load(as: Int.self) == 1
    else { return nil }
    return getter.arguments.load(as: Int.self)
  }

  /// The offset, the type before the last component, and the last component's getter, read from
  /// the key path object's buffer; `nil` for any shape other than those described above.
  private static func components(
    of keyPath: AnyKeyPath
  ) -> (offset: Int, baseType: Any.Type?, getter: Getter?)? {
    let word = MemoryLayout<Int>.size
    // The object: the heap object header (two words), `_kvcKeyPathStringPtr` (one word), then
    // the buffer: a 32-bit header padded to a word, then the components.
    let object = UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
    let header = (object + 3 * word).load(as: UInt32.self)
    let size = Int(header & 0x00FF_FFFF)
    // Reserved bits and a reference prefix (class components) are not for this reader.
    guard header & 0x5F00_0000 == 0, size > 0 else { return nil }
    let start = object + 4 * word
    let end = start + size
    var cursor = start
    var offset = 0
    var baseType: Any.Type?
    while true {
      let componentHeader = cursor.load(as: UInt32.self)
      cursor += 4
      var getter: Getter?
      switch (componentHeader & 0x7F00_0000) >> 24 {
      case 1:  // a stored property of a struct
        let payload = componentHeader & 0x007F_FFFF
        if payload == 0x007F_FFFF {  // the offset did not fit in the header
          offset += Int(cursor.load(as: UInt32.self))
          cursor += 4
        } else if payload <= 0x007F_FFFC {
          offset += Int(payload)
        } else {
          return nil  // unresolved
        }
      case 2:  // a computed property or subscript
        let settable = componentHeader & 0x0040_0000 != 0
        let hasArguments = componentHeader & 0x0008_0000 != 0
        let fromExternalWithArguments = componentHeader & 0x0000_0010 != 0
        cursor = cursor.alignedUp(toMultipleOf: word) + word  // the identifier
        let getterField = cursor
        let function = cursor.load(as: UnsafeRawPointer.self)
        cursor += settable ? 2 * word : word
        if hasArguments {
          let argumentSize = cursor.load(as: Int.self)
          cursor += 2 * word + (fromExternalWithArguments ? word : 0)
          getter = Getter(function: function, arguments: cursor, size: argumentSize)
          cursor += argumentSize
        } else {
          getter = Getter(function: function, arguments: getterField, size: 0)
        }
      default:
        return nil  // class, optional or external components
      }
      if cursor >= end {
        return cursor == end ? (offset, baseType, getter) : nil
      }
      // Only the last component may be computed.
      guard getter == nil else { return nil }
      // After every component but the last: the type of the value it leads to.
      cursor = cursor.alignedUp(toMultipleOf: word)
      baseType = cursor.load(as: Any.Type.self)
      cursor += word
      cursor = cursor.alignedUp(toMultipleOf: 4)
    }
  }
}
