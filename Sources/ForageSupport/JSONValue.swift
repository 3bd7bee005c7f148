import Foundation

/// A JSON value: what ``JSONParser`` reads and what Forage's writers write.
///
/// Objects keep their members in order, so output is written in a fixed key order (`forage`
/// promises byte-identical output for identical inputs, which `JSONEncoder` does not) and parsed
/// documents keep the file's order. Whole numbers that fit an `Int` are ``int(_:)``, so ids such
/// as `12345678901234567` survive exactly; every other number is ``double(_:)``. Arrays and
/// objects read from a file remember the one-based line they start on, for error messages.
public indirect enum JSONValue: Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A whole number.
  case int(Int)
  /// A floating-point number; non-finite values are written as `null`.
  case double(Double)
  /// A string.
  case string(String)
  /// An array, with the line it starts on when it was read from a file.
  case array([JSONValue], line: Int? = nil)
  /// An object with its members in order, with the line it starts on when it was read.
  case object([(String, JSONValue)], line: Int? = nil)

  /// A number rounded to a fixed number of decimal places, for stable, readable output.
  public static func rounded(_ value: Double, places: Int) -> JSONValue {
    .double(roundedNumber(value, places: places))
  }

  /// The number ``rounded(_:places:)`` holds, for writers that write it directly.
  public static func roundedNumber(_ value: Double, places: Int) -> Double {
    // Powers of ten up to 10¹⁵ are exact doubles, so the table holds what `pow` returns.
    let scale =
      places >= 0 && places < powersOfTen.count
      ? powersOfTen[places] : pow(10, Double(places))
    return (value * scale).rounded() / scale
  }

  /// 10⁰ … 10¹⁵, exact.
  private static let powersOfTen: [Double] = (0...15).map { pow(10, Double($0)) }

  /// The value of the JSON text a writer writes into a ``JSONOutput``: for types whose
  /// ``JSONOutput`` writer is their one definition of their JSON, to offer it as a value too.
  ///
  /// - Returns: The value, or ``null`` if the writer did not write one JSON value.
  public static func parsing(written write: (inout JSONOutput) -> Void) -> JSONValue {
    var output = JSONOutput()
    write(&output)
    return (try? JSONParser.parse(output.bytes)) ?? .null
  }

  /// An optional value, `null` when absent.
  public static func optional<T>(_ value: T?, _ wrap: (T) -> JSONValue) -> JSONValue {
    value.map(wrap) ?? .null
  }
}

extension JSONValue {
  /// The member of an object named `key` (the last one, if the key repeats), or `nil`.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members, _) = self else { return nil }
    return members.last { $0.0 == key }?.1
  }

  /// The members of an object, in order, or `nil`.
  public var members: [(String, JSONValue)]? {
    if case .object(let members, _) = self { return members }
    return nil
  }

  /// The elements of an array, or `nil`.
  public var array: [JSONValue]? {
    if case .array(let elements, _) = self { return elements }
    return nil
  }

  /// The string value, or `nil`.
  public var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number value (whole or not) as a `Double`, or `nil`; Booleans are not numbers.
  public var number: Double? {
    switch self {
    case .int(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }

  /// The Boolean value, or `nil`; numbers are not Booleans.
  public var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// Whether the value is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The line where this object or array starts in the file it was read from, or `nil`.
  public var line: Int? {
    switch self {
    case .array(_, let line), .object(_, let line): line
    default: nil
    }
  }

  /// The kind of value, for messages: `null`, `a Boolean`, `a number`, `a string`, `an array`,
  /// `an object`.
  public var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a Boolean"
    case .int, .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension JSONValue: Equatable {
  /// Values are equal when they serialize to the same text; lines do not count.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized == rhs.serialized
  }
}

extension JSONValue {
  /// The compact serialization: no spaces, no trailing newline.
  public var serialized: String {
    var output = JSONOutput()
    output.write(self)
    return output.text
  }

  /// Appends the compact serialization to a string.
  public func write(to output: inout String) {
    output += serialized
  }

  /// Formats a double as the shortest text that reads back to the same value (`null` when it is
  /// not finite; whole numbers without a fraction).
  public static func format(_ value: Double) -> String {
    var output = JSONOutput()
    output.writeDouble(value)
    return output.text
  }
}
