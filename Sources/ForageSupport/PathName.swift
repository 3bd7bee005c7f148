/// A path as a command line spells it, taken apart the way POSIX `dirname` and `basename` do.
///
/// Plain string work on `/`: no file-system access, no Foundation path rules (which trap on some
/// one-component names), and every spelling a shell can pass is fine: relative names of one
/// letter, `.`, `..`, spaces, any Unicode.
public struct PathName: Sendable, Hashable, CustomStringConvertible {
  /// The path as given.
  public let text: String

  /// Wraps a path as given.
  public init(_ text: String) {
    self.text = text
  }

  public var description: String { text }

  /// Whether the path ends in `/` (other than the root itself): it can only name a directory.
  public var hasTrailingSlash: Bool {
    text.count > 1 && text.hasSuffix("/")
  }

  /// The folder that holds the last component: `.` for a bare name, `/` for the root's files.
  public var directory: String {
    let trimmed = Self.trimmingTrailingSlashes(text)
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    let head = Self.trimmingTrailingSlashes(String(trimmed[..<slash]))
    return head.isEmpty ? "/" : head
  }

  /// The last component, without trailing slashes (`/` for the root, "" for an empty path).
  public var lastComponent: String {
    let trimmed = Self.trimmingTrailingSlashes(text)
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    let tail = String(trimmed[trimmed.index(after: slash)...])
    return tail.isEmpty ? "/" : tail
  }

  /// The part of the last component after its last dot, or "" when it has none (a leading dot
  /// starts a hidden name, not an extension).
  public var pathExtension: String {
    let name = lastComponent
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }

  /// `name` in the same folder as this path: relative link targets resolve this way.
  public func sibling(_ name: String) -> PathName {
    if name.hasPrefix("/") { return PathName(name) }
    let folder = directory
    return PathName(folder == "/" ? "/" + name : folder + "/" + name)
  }

  /// The path with trailing slashes removed, keeping a lone `/`.
  private static func trimmingTrailingSlashes(_ text: String) -> String {
    var result = Substring(text)
    while result.count > 1 && result.hasSuffix("/") { result = result.dropLast() }
    return String(result)
  }
}
