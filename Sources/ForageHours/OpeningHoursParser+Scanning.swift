/// Low-level reading: looking ahead, accepting literals and words, reading numbers.
extension OpeningHoursParser {
  /// The scalar `offset` places ahead, or `nil` past the end.
  func peek(_ offset: Int) -> Unicode.Scalar? {
    let index = position + offset
    return index >= 0 && index < scalars.count ? scalars[index] : nil
  }

  /// Whether `literal` is next, exactly.
  func isNext(_ literal: String, at offset: Int = 0) -> Bool {
    var index = position + offset
    for scalar in literal.unicodeScalars {
      guard index < scalars.count, scalars[index] == scalar else { return false }
      index += 1
    }
    return true
  }

  /// Reads `literal` when it is next, exactly.
  mutating func accept(_ literal: String) -> Bool {
    guard isNext(literal) else { return false }
    position += literal.unicodeScalars.count
    return true
  }

  /// Whether the ASCII word `word` is next in any case, not followed by a letter.
  func isNextWord(_ word: String, at offset: Int = 0) -> Bool {
    var index = position + offset
    for expected in word.unicodeScalars {
      guard index < scalars.count, Self.lowercased(scalars[index]) == expected else { return false }
      index += 1
    }
    return index == scalars.count || !Self.isLetter(scalars[index])
  }

  /// Reads the ASCII word `word` in any case when it is next.
  mutating func acceptWord(_ word: String) -> Bool {
    guard isNextWord(word) else { return false }
    position += word.unicodeScalars.count
    return true
  }

  /// The number of ASCII digits from `offset` on.
  func digitCount(at offset: Int = 0) -> Int {
    var count = 0
    while let scalar = peek(offset + count), Self.isDigit(scalar) {
      count += 1
    }
    return count
  }

  /// Reads exactly `count` ASCII digits as a number (the caller has checked they are there).
  mutating func readDigits(_ count: Int) -> Int {
    var value = 0
    for _ in 0..<count {
      value = value * 10 + Int(scalars[position].value - 48)
      position += 1
    }
    return value
  }

  /// An error at the next scalar.
  func failure(_ message: String) -> OpeningHoursError {
    OpeningHoursError(message, character: position + 1)
  }

  /// Whether `scalar` is `0` through `9`.
  static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 48 && scalar.value <= 57
  }

  /// Whether `scalar` is an ASCII letter.
  static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value >= 65 && scalar.value <= 90) || (scalar.value >= 97 && scalar.value <= 122)
  }

  /// `scalar` in lower case when it is an ASCII capital.
  static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    guard scalar.value >= 65 && scalar.value <= 90, let lower = Unicode.Scalar(scalar.value + 32)
    else { return scalar }
    return lower
  }
}
