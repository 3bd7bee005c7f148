/// Something a ``PlaceDataset`` noticed about one feature: a place kept without a name, or a
/// feature skipped and why.
///
/// Every tool prints these the same way (``description``), one line each, naming the file and the
/// line where the feature starts.
public struct DatasetIssue: Sendable, Equatable, CustomStringConvertible {
  /// What was noticed.
  public enum Problem: Sendable, Equatable {
    /// The feature has no usable `name`; the place is kept with a `nil` name.
    case unnamed
    /// The feature's id was already used at `firstLine`; the feature is skipped.
    case duplicateID(firstLine: Int?)
    /// The feature is not a usable place (no Point, bad coordinates, not an object); skipped.
    case unusable(String)
  }

  /// The dataset's file name, as given.
  public var file: String
  /// The one-based line where the feature starts, when known.
  public var line: Int?
  /// The feature's 0-based position in the `features` array.
  public var feature: Int
  /// The feature's id, when it has one.
  public var id: String?
  /// What was noticed.
  public var problem: Problem

  /// Creates an issue.
  public init(file: String, line: Int?, feature: Int, id: String?, problem: Problem) {
    self.file = file
    self.line = line
    self.feature = feature
    self.id = id
    self.problem = problem
  }

  /// Whether the feature was left out of the dataset.
  public var isSkipped: Bool { problem != .unnamed }

  /// `file:line: feature N (id): what; kept or skipped`.
  public var description: String {
    let place = line.map { "\(file):\($0)" } ?? file
    let label = id.map { " (\($0))" } ?? ""
    let what: String
    switch problem {
    case .unnamed:
      what = "no \"name\"; kept without a name"
    case .duplicateID(let firstLine):
      what = "duplicate id" + (firstLine.map { ", first used at line \($0)" } ?? "") + "; skipped"
    case .unusable(let reason):
      what = "\(reason); skipped"
    }
    return "\(place): feature \(feature)\(label): \(what)"
  }
}
