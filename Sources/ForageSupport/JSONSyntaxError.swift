/// Why a text is not JSON, and where: a one-based line and column and what was expected.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The one-based line of the problem.
  public var line: Int
  /// The one-based column of the problem, counted in characters.
  public var column: Int
  /// What was expected and what was found, such as `expected ',' or ']' in an array but found '}'`.
  public var message: String

  /// Creates an error.
  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// `line L, column C: message`.
  public var description: String { "line \(line), column \(column): \(message)" }
}
