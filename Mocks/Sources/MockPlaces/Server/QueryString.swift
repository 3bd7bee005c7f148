/// Decoding of URL query strings and paths as the server receives them.
enum QueryString {
  /// Splits `a=1&b=x+y` into ordered, decoded pairs (`+` is a space, `%XX` a byte, UTF-8).
  static func decode(_ query: Substring) -> [(name: String, value: String)] {
    query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
      if let equals = pair.firstIndex(of: "=") {
        return (
          percentDecode(pair[..<equals], plusIsSpace: true),
          percentDecode(pair[pair.index(after: equals)...], plusIsSpace: true)
        )
      }
      return (percentDecode(pair, plusIsSpace: true), "")
    }
  }

  /// Replaces `%XX` escapes by their bytes (and `+` by a space when asked); malformed escapes stay.
  static func percentDecode(_ text: Substring, plusIsSpace: Bool) -> String {
    guard text.contains("%") || (plusIsSpace && text.contains("+")) else { return String(text) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    let utf8 = Array(text.utf8)
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      if byte == UInt8(ascii: "%"), index + 2 < utf8.count,
        let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
