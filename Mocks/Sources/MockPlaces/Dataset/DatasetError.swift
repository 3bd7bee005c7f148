/// Why a places dataset could not be loaded.
public struct DatasetError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Equatable {
    /// The file could not be read (missing, unreadable, a directory). Exit code 74.
    case unreadable
    /// The file was read but is not a GeoJSON FeatureCollection. Exit code 65.
    case malformed
  }

  /// What went wrong.
  public var kind: Kind
  /// A one-line explanation that names the file and, for bad JSON, the line and column.
  public var message: String

  /// Creates an error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The sysexits code a command-line tool exits with: 74 (`EX_IOERR`) or 65 (`EX_DATAERR`).
  public var exitCode: Int32 {
    switch kind {
    case .unreadable: 74
    case .malformed: 65
    }
  }

  public var description: String { message }
}
