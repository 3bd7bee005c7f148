import Foundation

/// Why a track file could not be read at all (as opposed to a ``TrackDefect`` it survived).
public struct TrackError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The classes of fatal read failure.
  public enum Kind: Sendable, Hashable {
    /// The file could not be opened or read (missing, a directory, permission denied, I/O).
    case unreadable
    /// The file is not well-formed in its format (unclosed tag, invalid JSON, no header).
    case malformed
    /// The format could not be told from the extension or the content.
    case unknownFormat
  }

  /// The class of failure; ``Kind/unreadable`` maps to exit 74, the others to 65.
  public var kind: Kind
  /// The path of the file, as given.
  public var file: String
  /// The one-based line of the problem, when it has one.
  public var line: Int?
  /// The one-based column (in bytes) of the problem, when known (XML and JSON).
  public var column: Int?
  /// What the reader expected or what went wrong, as a phrase a person can act on.
  public var message: String

  /// Creates a read error.
  public init(_ kind: Kind, file: String, line: Int? = nil, column: Int? = nil, message: String) {
    self.kind = kind
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// One line: `file:line:column: message`.
  public var description: String {
    var location = file
    if let line { location += ":\(line)" }
    if let column { location += ":\(column)" }
    return "\(location): \(message)"
  }
}
