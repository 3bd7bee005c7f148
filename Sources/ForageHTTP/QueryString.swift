/// URL query strings both ways: percent-encoding strict enough for any server to decode (what
/// the clients send), and decoding as a server receives them (what the mock server reads).
public enum QueryString {
  /// Encodes a query name or value: every byte of its UTF-8 form except the RFC 3986
  /// unreserved characters (`A–Z a–z 0–9 - . _ ~`) becomes `%XX`.
  ///
  /// So `&`, `=`, `+`, `#`, `%`, `,`, spaces and non-ASCII letters all survive a round trip,
  /// whether the server reads `+` as a space or not.
  ///
  /// - Parameter text: The text to encode.
  /// - Returns: The encoded text.
  public static func encode(_ text: String) -> String {
    var encoded = ""
    encoded.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        encoded.unicodeScalars.append("%")
        encoded.unicodeScalars.append(hex[Int(byte >> 4)])
        encoded.unicodeScalars.append(hex[Int(byte & 0x0F)])
      }
    }
    return encoded
  }

  /// Joins name/value pairs into a query string, each side encoded with ``encode(_:)``.
  ///
  /// - Parameter items: The parameters in order.
  /// - Returns: A query string without the leading `?`.
  public static func query(_ items: [(name: String, value: String)]) -> String {
    items.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&")
  }

  /// Splits `a=1&b=x+y` into ordered, decoded pairs (`+` is a space, `%XX` a byte, UTF-8).
  ///
  /// - Parameter query: The query string, without the leading `?`.
  /// - Returns: The pairs in order; a name without `=` has an empty value.
  public static func decode(_ query: Substring) -> [(name: String, value: String)] {
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
  ///
  /// - Parameters:
  ///   - text: The encoded text.
  ///   - plusIsSpace: Whether `+` stands for a space (in a query, not in a path).
  /// - Returns: The decoded text, read as UTF-8.
  public static func percentDecode(_ text: Substring, plusIsSpace: Bool) -> String {
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
