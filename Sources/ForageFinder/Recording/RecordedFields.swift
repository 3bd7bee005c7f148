import Foundation

/// What a recorded value lacked: a phrase naming what was expected.
public struct RecordedValueError: Error, Equatable, CustomStringConvertible {
  /// What was expected, such as `"lat" as a number`.
  public var expected: String

  init(_ expected: String) { self.expected = expected }

  public var description: String { expected }
}

/// Typed access to a recorded JSON object's members, with errors that say what was expected.
struct RecordedFields {
  let object: [String: Any]

  init(_ object: [String: Any]) { self.object = object }

  private func value(_ key: String) -> Any? {
    guard let value = object[key], !(value is NSNull) else { return nil }
    return value
  }

  func string(_ key: String) throws(RecordedValueError) -> String {
    guard let value = value(key) as? String else {
      throw RecordedValueError("\"\(key)\" as a string")
    }
    return value
  }

  func optionalString(_ key: String) throws(RecordedValueError) -> String? {
    guard let raw = value(key) else { return nil }
    guard let value = raw as? String else {
      throw RecordedValueError("\"\(key)\" as a string or null")
    }
    return value
  }

  func double(_ key: String) throws(RecordedValueError) -> Double {
    guard let value = try optionalDouble(key) else {
      throw RecordedValueError("\"\(key)\" as a number")
    }
    return value
  }

  func optionalDouble(_ key: String) throws(RecordedValueError) -> Double? {
    guard let raw = value(key) else { return nil }
    guard let number = raw as? NSNumber else {
      throw RecordedValueError("\"\(key)\" as a number or null")
    }
    return number.doubleValue
  }

  func int(_ key: String) throws(RecordedValueError) -> Int {
    guard let value = try optionalInt(key) else {
      throw RecordedValueError("\"\(key)\" as a whole number")
    }
    return value
  }

  func optionalInt(_ key: String) throws(RecordedValueError) -> Int? {
    guard let raw = value(key) else { return nil }
    guard let number = raw as? NSNumber, let value = Int(exactly: number.doubleValue) else {
      throw RecordedValueError("\"\(key)\" as a whole number or null")
    }
    return value
  }

  func bool(_ key: String) throws(RecordedValueError) -> Bool {
    guard let value = try optionalBool(key) else {
      throw RecordedValueError("\"\(key)\" as true or false")
    }
    return value
  }

  func optionalBool(_ key: String) throws(RecordedValueError) -> Bool? {
    guard let raw = value(key) else { return nil }
    guard let value = raw as? Bool else {
      throw RecordedValueError("\"\(key)\" as true, false or null")
    }
    return value
  }

  func date(_ key: String) throws(RecordedValueError) -> Date {
    Date(timeIntervalSince1970: try double(key))
  }

  func optionalDate(_ key: String) throws(RecordedValueError) -> Date? {
    try optionalDouble(key).map { Date(timeIntervalSince1970: $0) }
  }

  func enumeration<T: RawRepresentable>(_ key: String) throws(RecordedValueError) -> T
  where T.RawValue == String {
    guard let value = T(rawValue: try string(key)) else {
      throw RecordedValueError("\"\(key)\" as a known value, not \"\(object[key] ?? "")\"")
    }
    return value
  }
}
