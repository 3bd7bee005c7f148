/// Why a text is not an `opening_hours` value this evaluator can answer for, and where.
public struct OpeningHoursError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was expected or is not supported, such as `expected a time such as 09:00`.
  public var message: String
  /// The one-based position of the problem, counted in Unicode scalars.
  public var character: Int

  /// Creates an error.
  public init(_ message: String, character: Int) {
    self.message = message
    self.character = character
  }

  /// `message at character N`, one line.
  public var description: String { "\(message) at character \(character)" }
}
