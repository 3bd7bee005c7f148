/// Reads a whole number given to an option, saying what the option takes when the text is not
/// one.
///
/// ArgumentParser's own refusal (`--limit 99999999999999999999`, `--seed -1`) said only "The
/// value … is invalid", not what was expected; a number too large for the type never reached
/// the command's check. A number that reads but lies outside what the command accepts is
/// returned, for the command's own check to refuse in its words (`--limit must be at least 1,
/// not 0`). An option read so loses ArgumentParser's "(default: …)" in its help: its help says
/// the default itself.
public enum NumericOption {
  /// Why a value is not a number the option takes; ArgumentParser shows its description after
  /// "The value 'x' is invalid for '--option <n>': ".
  public struct Refusal: Error, CustomStringConvertible {
    public let description: String
  }

  /// The whole number `text` says, or a refusal naming the range from `lowest` to `highest`
  /// (of which a number too large for the type says nothing else).
  public static func wholeNumber<Number: FixedWidthInteger>(
    _ text: String,
    from lowest: Number,
    to highest: Number
  ) throws(Refusal) -> Number {
    if let number = Number(text) { return number }
    throw Refusal(description: "expected a whole number from \(lowest) to \(highest)")
  }
}
