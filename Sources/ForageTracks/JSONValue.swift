/// A parsed JSON value that remembers the line where objects and arrays start.
indirect enum JSONValue {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue], line: Int)
  case object([String: JSONValue], line: Int)

  /// The member of an object, or `nil`.
  subscript(key: String) -> JSONValue? {
    if case .object(let members, _) = self { return members[key] }
    return nil
  }

  /// The elements of an array, or `nil`.
  var array: [JSONValue]? {
    if case .array(let elements, _) = self { return elements }
    return nil
  }

  /// The string value, or `nil`.
  var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number value, or `nil`.
  var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The line where this object or array starts, or `nil` for scalars.
  var line: Int? {
    switch self {
    case .array(_, let line), .object(_, let line): line
    default: nil
    }
  }
}
