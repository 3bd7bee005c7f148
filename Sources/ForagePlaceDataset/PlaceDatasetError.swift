/// Why a places dataset could not be used at all.
///
/// Command-line tools exit 74 (`EX_IOERR`) for ``unreadable(file:reason:)`` and 65
/// (`EX_DATAERR`) for the others.
public enum PlaceDatasetError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be opened or read (missing, a directory, permission denied).
  case unreadable(file: String, reason: String)
  /// The file is not a GeoJSON FeatureCollection; the line and column when known.
  case malformed(file: String, line: Int?, column: Int?, expected: String)
  /// The file is a FeatureCollection but not one feature in it is a usable place.
  case noPlaces(file: String, features: Int)

  /// One line naming the file, the position and what was expected.
  public var description: String {
    switch self {
    case .unreadable(let file, let reason):
      return "\(file): cannot read places dataset: \(reason)"
    case .malformed(let file, let line, let column, let expected):
      var place = file
      if let line { place += ":\(line)" }
      if let column { place += ":\(column)" }
      return "\(place): not a GeoJSON places dataset: expected \(expected)"
    case .noPlaces(let file, let features):
      let read = features == 1 ? "its one feature" : "its \(features) features"
      return "\(file): no usable place in \(read): "
        + "expected at least one Point feature with [longitude, latitude] coordinates"
    }
  }

  /// Whether the file could not be read (rather than read and found wrong).
  public var isUnreadable: Bool {
    if case .unreadable = self { return true }
    return false
  }
}
