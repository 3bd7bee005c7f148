import ForageFinder

/// A recording that cannot be replayed.
public struct RecordingError: Error, Equatable, CustomStringConvertible {
  /// The recording's path.
  public var file: String
  /// The one-based line.
  public var line: Int
  /// What was expected.
  public var expected: String

  /// Creates an error.
  public init(file: String, line: Int, expected: String) {
    self.file = file
    self.line = line
    self.expected = expected
  }

  public var description: String { "\(file):\(line): expected \(expected)" }
}
