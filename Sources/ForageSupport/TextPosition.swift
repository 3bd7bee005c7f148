/// A one-based line and column in a UTF-8 text, for error messages that point at the problem.
public struct TextPosition: Sendable, Hashable {
  /// The one-based line.
  public var line: Int
  /// The one-based column, counted in characters (UTF-8 continuation bytes do not count).
  public var column: Int

  /// The position of the byte at `offset` in `bytes` (clamped to the end).
  public init(ofByteOffset offset: Int, in bytes: some Collection<UInt8>) {
    var line = 1
    var column = 1
    for byte in bytes.prefix(max(0, offset)) {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    self.line = line
    self.column = column
  }
}
