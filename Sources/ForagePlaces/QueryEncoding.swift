/// Percent-encoding for URL query components, strict enough for any server to decode.
public enum QueryEncoding {
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
}
