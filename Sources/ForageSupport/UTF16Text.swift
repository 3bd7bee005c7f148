/// Text files in UTF-16, which XML (and so GPX) readers must accept beside UTF-8.
///
/// A file is UTF-16 when it starts with a byte-order mark (`FF FE` little-endian, `FE FF`
/// big-endian), or, without one, with `<?` in UTF-16 (an XML declaration, as XML's own
/// detection rules say). The text is turned into UTF-8, without the mark; a lone surrogate
/// becomes U+FFFD, as any invalid text does when it is shown.
public enum UTF16Text {
  /// The byte order of UTF-16 text starting with `prefix`, or `nil` when it is not UTF-16.
  public static func byteOrder(of prefix: some Collection<UInt8>) -> ByteOrder? {
    let bytes = Array(prefix.prefix(4))
    if bytes.starts(with: [0xFF, 0xFE]) { return .littleEndian }
    if bytes.starts(with: [0xFE, 0xFF]) { return .bigEndian }
    if bytes == [0x3C, 0x00, 0x3F, 0x00] { return .littleEndian }
    if bytes == [0x00, 0x3C, 0x00, 0x3F] { return .bigEndian }
    return nil
  }

  /// The UTF-8 form of UTF-16 text, or `nil` when `bytes` is not UTF-16.
  public static func utf8(from bytes: [UInt8]) -> [UInt8]? {
    guard let order = byteOrder(of: bytes) else { return nil }
    let hasMark = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = hasMark ? 2 : 0
    while index + 1 < bytes.count {
      let first = UInt16(bytes[index])
      let second = UInt16(bytes[index + 1])
      units.append(order == .littleEndian ? first | second << 8 : first << 8 | second)
      index += 2
    }
    var output: [UInt8] = []
    output.reserveCapacity(units.count)
    _ = transcode(
      units.makeIterator(),
      from: UTF16.self,
      to: UTF8.self,
      stoppingOnError: false
    ) { output.append($0) }
    // A last odd byte cannot be a character: it shows as one replacement character.
    if index < bytes.count { output += [0xEF, 0xBF, 0xBD] }
    return output
  }

  /// The order of the two bytes of each code unit.
  public enum ByteOrder: Sendable {
    case littleEndian
    case bigEndian
  }
}
