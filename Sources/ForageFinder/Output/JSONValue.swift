import Foundation

/// A JSON value whose objects keep their keys in the order they were written.
///
/// `forage` promises byte-identical output for identical inputs, so its JSON is written by hand
/// in a fixed key order rather than by `JSONEncoder`, whose key order and number formatting are
/// not part of its contract.
public indirect enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer.
  case int(Int)
  /// A floating-point number; non-finite values are written as `null`.
  case double(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object with keys in order.
  case object([(String, JSONValue)])

  /// A number rounded to a fixed number of decimal places, for stable, readable output.
  public static func rounded(_ value: Double, places: Int) -> JSONValue {
    let scale = pow(10, Double(places))
    return .double((value * scale).rounded() / scale)
  }

  /// An optional value, `null` when absent.
  public static func optional<T>(_ value: T?, _ wrap: (T) -> JSONValue) -> JSONValue {
    value.map(wrap) ?? .null
  }

  /// The compact serialization: no spaces, no trailing newline.
  public var serialized: String {
    var output = ""
    write(to: &output)
    return output
  }

  /// Appends the compact serialization to a string.
  public func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .double(let value): output += Self.format(value)
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        Self.writeString(member.0, to: &output)
        output += ":"
        member.1.write(to: &output)
      }
      output += "}"
    }
  }

  /// Formats a double as the shortest text that reads back to the same value.
  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  /// Writes a string with JSON escapes.
  static func writeString(_ value: String, to output: inout String) {
    output += "\""
    // Most strings (keys, ids, names) need no escape: append them whole.
    if !value.utf8.contains(where: {
      $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
    }) {
      output += value
      output += "\""
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case let c where c.value < 0x20:
        output +=
          "\\u" + String(repeating: "0", count: 4 - String(c.value, radix: 16).count)
          + String(c.value, radix: 16)
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized == rhs.serialized
  }
}
