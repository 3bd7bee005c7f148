import ArgumentParser
import ForageFinder

/// Checks that the files a command writes are distinct files.
enum OutputPaths {
  /// Refuses two options naming one file, however spelt (links, `..`, relative paths): one
  /// output would silently replace the other.
  ///
  /// - Parameter paths: Each option's name and its path, or `nil` when not given.
  /// - Throws: Exit 64 after a one-line message.
  static func checkDistinct(_ paths: [(option: String, path: String?)]) throws {
    var seen: [String: String] = [:]
    for (option, path) in paths {
      guard let path else { continue }
      let identity = OutputFile.identity(of: path)
      if let earlier = seen[identity] {
        printError("\(earlier) and \(option) name the same file (\(path)); give each its own")
        throw Sysexits.usage
      }
      seen[identity] = option
    }
  }
}
