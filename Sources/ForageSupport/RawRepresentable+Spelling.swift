extension RawRepresentable where RawValue == String {
  /// The case spelled `text`: its raw value (snake_case, as forage writes every enum value), or
  /// the camelCase spelling earlier versions wrote (`trackPoint`, `authorizedWhenInUse`).
  ///
  /// Recordings and scenario files written before version 2 of the output spelling keep being
  /// read with this; nothing writes the old spelling.
  public init?(spelling text: String) {
    if let value = Self(rawValue: text) {
      self = value
    } else if let value = Self(rawValue: Self.snakeCased(text)), text != Self.snakeCased(text) {
      self = value
    } else {
      return nil
    }
  }

  /// `text` in snake_case: an underscore before each capital that follows a lowercase letter
  /// or a digit, and every letter lowercased (`unpairedGGA` is `unpaired_gga`).
  static func snakeCased(_ text: String) -> String {
    var result = ""
    var previous: Character?
    for character in text {
      if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
        result.append("_")
      }
      result += character.lowercased()
      previous = character
    }
    return result
  }
}
