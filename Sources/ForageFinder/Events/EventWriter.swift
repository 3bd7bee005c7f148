/// Receives the events of a run, in order, and writes them in one format.
public protocol EventWriter: AnyObject {
  /// Takes the next event.
  func write(_ event: FinderEvent) throws
  /// Writes whatever the format keeps until the end and commits the output.
  func finish() throws
  /// Whether the run should report its searched area (``RunSummary/coverage``) before the
  /// summary; false unless a writer says otherwise.
  var wantsCoverage: Bool { get }
}

extension EventWriter {
  public var wantsCoverage: Bool { false }
}
