/// Compact JSON text written as UTF-8 straight into a reusable byte buffer: the one serializer
/// behind ``JSONValue/serialized`` and Forage's event writers.
///
/// Writers that print an event per fix build each line here and hand the bytes to their sink,
/// with no intermediate `String` or ``JSONValue`` tree; ``removeAll()`` keeps the capacity, so a
/// writer that reuses one buffer allocates nothing per line once it has grown.
///
/// The text is exactly what `forage` has always written: numbers as ``JSONValue/format(_:)``
/// formats them, strings with the escapes of ``writeString(_:)``, no spaces.
public struct JSONOutput: Sendable {
  /// The UTF-8 written so far.
  public var bytes: [UInt8] { storage }
  @usableFromInline var storage: [UInt8] = []

  /// Creates an empty buffer with room for `capacity` bytes.
  public init(capacity: Int = 0) {
    storage.reserveCapacity(capacity)
  }

  /// Forgets what was written, keeping the buffer's capacity.
  public mutating func removeAll() {
    storage.removeAll(keepingCapacity: true)
  }

  /// Appends one byte of ASCII (a bracket, a comma, a newline).
  @inlinable
  public mutating func append(_ byte: UInt8) {
    storage.append(byte)
  }

  /// Appends literal ASCII text as it is, with no escapes (punctuation, a key with its quotes).
  @inlinable
  public mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { storage.append(contentsOf: $0) }
  }

  /// Appends bytes as they are (JSON text written elsewhere).
  public mutating func append(bytes more: some Sequence<UInt8>) {
    storage.append(contentsOf: more)
  }

  /// Appends text as it is, with no quotes and no escapes.
  public mutating func append(raw text: String) {
    var text = text
    text.withUTF8 { storage.append(contentsOf: $0) }
  }

  /// Writes `"key":`, the key escaped.
  public mutating func writeKey(_ key: String) {
    writeString(key)
    storage.append(UInt8(ascii: ":"))
  }

  /// Writes `null`.
  @inlinable
  public mutating func writeNull() { append("null") }

  /// Writes `true` or `false`.
  @inlinable
  public mutating func writeBool(_ value: Bool) { append(value ? "true" : "false") }

  /// Writes a whole number in decimal.
  @inlinable
  public mutating func writeInt(_ value: Int) {
    if value < 0 { storage.append(UInt8(ascii: "-")) }
    writeDigits(value.magnitude)
  }

  /// Writes a whole number in decimal, left-padded with zeros to `width` characters (a minus
  /// sign counts as one: `-5` at width 4 is `00-5`, as `ISO8601` has always written it).
  public mutating func writeInt(_ value: Int, width: Int) {
    var magnitude = value.magnitude
    var length = value < 0 ? 1 : 0
    repeat {
      length += 1
      magnitude /= 10
    } while magnitude > 0
    for _ in 0..<max(0, width - length) { storage.append(UInt8(ascii: "0")) }
    writeInt(value)
  }

  @inlinable
  mutating func writeDigits(_ value: UInt) {
    // 20 digits hold any UInt; they are produced last first into a fixed tuple on the stack.
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var value = value
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        count += 1
        buffer[24 - count] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
      } while value > 0
      storage.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
    }
  }

  /// Writes a double as the shortest text that reads back to the same value, the text of
  /// ``JSONValue/format(_:)``: `null` when not finite, whole numbers below 10^15 without a
  /// fraction (negative zero as `0`).
  @inlinable
  public mutating func writeDouble(_ value: Double) {
    guard value.isFinite else { return writeNull() }
    if value == value.rounded(), abs(value) < 1e15 { return writeInt(Int(Int64(value))) }
    // The standard library's shortest round-trip text, handed over through TextOutputStream.
    value.write(to: &self)
  }

  /// Writes a string in quotes with JSON escapes: `\"`, `\\`, `\n`, `\r`, `\t`, and `\u00XX`
  /// (lowercase hex) for the other control characters; everything else, non-ASCII included, is
  /// written as its UTF-8.
  ///
  /// A native string is read in place (no copy, so no reference-count traffic on its storage,
  /// which another thread may be touching); any other is made contiguous first.
  @inlinable
  public mutating func writeString(_ value: String) {
    storage.append(UInt8(ascii: "\""))
    let isWritten: Void? = value.utf8.withContiguousStorageIfAvailable { writeEscaped($0) }
    if isWritten == nil {
      var value = value
      value.withUTF8 { writeEscaped($0) }
    }
    storage.append(UInt8(ascii: "\""))
  }

  /// Writes UTF-8 with JSON escapes, without the quotes.
  @inlinable
  mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
    var start = 0
    for index in utf8.indices {
      let byte = utf8[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        continue
      }
      storage.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
      start = index + 1
      switch byte {
      case UInt8(ascii: "\""): append("\\\"")
      case UInt8(ascii: "\\"): append("\\\\")
      case UInt8(ascii: "\n"): append("\\n")
      case UInt8(ascii: "\r"): append("\\r")
      case UInt8(ascii: "\t"): append("\\t")
      default:
        append("\\u00")
        storage.append(Self.hexDigits[Int(byte >> 4)])
        storage.append(Self.hexDigits[Int(byte & 0xF)])
      }
    }
    storage.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
  }

  @usableFromInline static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// Writes a value, compactly.
  public mutating func write(_ value: JSONValue) {
    switch value {
    case .null: writeNull()
    case .bool(let value): writeBool(value)
    case .int(let value): writeInt(value)
    case .double(let value): writeDouble(value)
    case .string(let value): writeString(value)
    case .array(let values, _):
      storage.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { storage.append(UInt8(ascii: ",")) }
        write(value)
      }
      storage.append(UInt8(ascii: "]"))
    case .object(let members, _):
      storage.append(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        if index > 0 { storage.append(UInt8(ascii: ",")) }
        writeKey(member.0)
        write(member.1)
      }
      storage.append(UInt8(ascii: "}"))
    }
  }

  /// The text written so far.
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}

extension JSONOutput: TextOutputStream {
  /// Appends text as it is (`TextOutputStream`).
  public mutating func write(_ string: String) {
    append(raw: string)
  }

  /// Appends ASCII as it is: the standard library hands a `Double`'s digits over here from a
  /// stack buffer, so writing a number allocates no `String`. An underscored requirement of
  /// `TextOutputStream`, implemented because the public path (``write(_:)-(String)``) would build
  /// a `String` per number (heap-allocated past 15 bytes, as most coordinates are).
  public mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    storage.append(contentsOf: buffer)
  }
}
