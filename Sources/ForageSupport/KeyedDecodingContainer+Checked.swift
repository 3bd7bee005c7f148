/// Decoding with range checks, for wire formats that must refuse impossible values.
///
/// A value out of range throws `DecodingError.dataCorrupted` whose coding path ends at the key and
/// whose debug description says what was expected, such as `between -90 and 90, not 999`, so a
/// reader can print `"fix.lat" between -90 and 90, not 999` after the file and line.
extension KeyedDecodingContainer {
  /// Decodes a number within a range.
  ///
  /// - Throws: `DecodingError` when the member is missing, not a number, or out of range.
  public func decode(
    _ type: Double.Type,
    forKey key: Key,
    in range: ClosedRange<Double>
  ) throws -> Double {
    try checked(decode(Double.self, forKey: key), forKey: key, in: range)
  }

  /// Decodes a number within a range, or `nil` when the member is absent or `null`.
  ///
  /// - Throws: `DecodingError` when the member is not a number or is out of range.
  public func decodeIfPresent(
    _ type: Double.Type,
    forKey key: Key,
    in range: ClosedRange<Double>
  ) throws -> Double? {
    try decodeIfPresent(Double.self, forKey: key).map { try checked($0, forKey: key, in: range) }
  }

  /// Decodes a whole number no less than a minimum.
  ///
  /// The member is read as a number first, so a fraction (`12.5`) is reported at its key:
  /// `JSONDecoder` on Linux refuses the whole document when a number does not fit an `Int`.
  ///
  /// - Throws: `DecodingError` when the member is missing, not a whole number, or too small.
  public func decode(_ type: Int.Type, forKey key: Key, atLeast minimum: Int) throws -> Int {
    try whole(decode(Double.self, forKey: key), forKey: key, atLeast: minimum)
  }

  /// Decodes a whole number no less than a minimum, or `nil` when the member is absent or `null`.
  ///
  /// - Throws: `DecodingError` when the member is not a whole number or is too small.
  public func decodeIfPresent(
    _ type: Int.Type,
    forKey key: Key,
    atLeast minimum: Int
  ) throws -> Int? {
    try decodeIfPresent(Double.self, forKey: key).map {
      try whole($0, forKey: key, atLeast: minimum)
    }
  }

  /// Decodes a string that is not empty.
  ///
  /// - Throws: `DecodingError` when the member is missing, not a string, or empty.
  public func decodeNonEmpty(_ type: String.Type, forKey key: Key) throws -> String {
    try nonEmpty(decode(String.self, forKey: key), forKey: key)
  }

  /// Decodes a string that is not empty, or `nil` when the member is absent or `null`.
  ///
  /// - Throws: `DecodingError` when the member is not a string or is empty.
  public func decodeNonEmptyIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try decodeIfPresent(String.self, forKey: key).map { try nonEmpty($0, forKey: key) }
  }

  /// Decodes a string-backed enumeration by its raw value (or its camelCase spelling from before
  /// version 2, ``Swift/RawRepresentable/init(spelling:)``), naming the accepted values when the
  /// string is none of them.
  ///
  /// - Throws: `DecodingError` when the member is missing, not a string, or not a known value.
  public func decodeCase<T>(_ type: T.Type, forKey key: Key) throws -> T
  where T: RawRepresentable & CaseIterable, T.RawValue == String {
    let raw = try decode(String.self, forKey: key)
    guard let value = T(spelling: raw) else {
      let names = T.allCases.map(\.rawValue)
      let list =
        names.count > 1
        ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
        : names.joined()
      throw DecodingError.dataCorruptedError(
        forKey: key,
        in: self,
        debugDescription: "as one of \(list), not \"\(raw)\""
      )
    }
    return value
  }

  private func checked(
    _ value: Double,
    forKey key: Key,
    in range: ClosedRange<Double>
  ) throws -> Double {
    guard range.contains(value) else {
      let expected =
        range.upperBound == .greatestFiniteMagnitude
        ? "\(Self.text(range.lowerBound)) or more"
        : "between \(Self.text(range.lowerBound)) and \(Self.text(range.upperBound))"
      throw DecodingError.dataCorruptedError(
        forKey: key,
        in: self,
        debugDescription: "\(expected), not \(Self.text(value))"
      )
    }
    return value
  }

  private func nonEmpty(_ value: String, forKey key: Key) throws -> String {
    guard !value.isEmpty else {
      throw DecodingError.dataCorruptedError(
        forKey: key,
        in: self,
        debugDescription: "as text that is not empty"
      )
    }
    return value
  }

  private func whole(_ value: Double, forKey key: Key, atLeast minimum: Int) throws -> Int {
    guard let number = Int(exactly: value), number >= minimum else {
      throw DecodingError.dataCorruptedError(
        forKey: key,
        in: self,
        debugDescription: "as a whole number \(minimum) or more, not \(Self.text(value))"
      )
    }
    return number
  }

  /// A number as JSON would write it: `90`, not `90.0`.
  private static func text(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }
}
