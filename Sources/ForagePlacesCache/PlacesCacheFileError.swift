import Foundation

/// Why a places cache file cannot be used: one line for the user, naming the file.
public struct PlacesCacheFileError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, broadly.
  public enum Kind: Sendable, Equatable {
    /// The file is not a Forage places cache (another database, or not a database at all);
    /// it is left untouched.
    case notACache
    /// The file was written by a newer Forage whose schema this one does not know.
    case newerSchema
    /// The file is damaged.
    case corrupt
    /// The file cannot be read or written (permissions, a full disk, a directory).
    case unusable
  }

  /// What went wrong.
  public var kind: Kind
  /// The file.
  public var path: String
  /// The details, without the path.
  public var reason: String

  /// Creates an error.
  public init(_ kind: Kind, path: String, reason: String) {
    self.kind = kind
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): \(reason)" }
}
