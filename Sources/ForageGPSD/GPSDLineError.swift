/// Why a line from gpsd was skipped: what was expected, as a sentence.
public struct GPSDLineError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was expected and what was found.
  public var description: String

  /// Creates an error.
  public init(_ description: String) { self.description = description }
}
