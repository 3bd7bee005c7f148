/// A recording file that could not be read (exit 74).
public struct RecordingUnreadable: Error, Equatable, CustomStringConvertible {
  /// The path.
  public var path: String
  /// Why.
  public var reason: String

  /// Creates the error.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "cannot read \(path): \(reason)" }
}
