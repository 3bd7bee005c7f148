import ForageTestSupport
import Foundation

/// The code of the DocC articles and the compiled code it is copied from, so that a test can
/// tell when the two drift apart.
///
/// A compiled region starts with a line `// docc-snippet: NAME` and ends with a line
/// `// docc-snippet-end`; its text is the lines between, with their common indentation removed.
/// An article's code is its fenced `swift` blocks.
enum DocCSnippets {
  /// The folder of the examples' Swift files.
  static let examples = TestData.packageRoot.appendingPathComponent(
    "Tests/ForageFinderTests/DocC"
  )

  /// The regions of a Swift source, by name, in order.
  static func regions(in source: String) -> [(name: String, text: String)] {
    var regions: [(name: String, text: String)] = []
    var open: (name: String, lines: [Substring])?
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if let name = trimmed.firstMatch(of: /^\/\/ docc-snippet: (\S+)$/)?.1 {
        open = (String(name), [])
      } else if trimmed == "// docc-snippet-end", let region = open {
        regions.append((region.name, dedented(region.lines)))
        open = nil
      } else if open != nil {
        open!.lines.append(line)
      }
    }
    return regions
  }

  /// Every region of the examples' Swift files, by name.
  static func allRegions() throws -> [String: String] {
    let files = try FileManager.default.contentsOfDirectory(
      at: examples,
      includingPropertiesForKeys: nil
    )
    .filter { $0.pathExtension == "swift" }
    var all: [String: String] = [:]
    for file in files {
      for region in regions(in: try String(contentsOf: file, encoding: .utf8)) {
        precondition(all[region.name] == nil, "two regions named \(region.name)")
        all[region.name] = region.text
      }
    }
    return all
  }

  /// The fenced `swift` blocks of a Markdown text, in order.
  static func swiftBlocks(in markdown: String) -> [String] {
    var blocks: [String] = []
    var open: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if let lines = open {
        if trimmed == "```" {
          blocks.append(dedented(lines))
          open = nil
        } else {
          open!.append(line)
        }
      } else if trimmed == "```swift" {
        open = []
      }
    }
    return blocks
  }

  /// An article of a DocC catalog under `Sources`, found by its file name wherever its catalog
  /// is (a module may be renamed).
  static func article(_ name: String) throws -> (path: String, text: String) {
    let sources = TestData.packageRoot.appendingPathComponent("Sources")
    for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
      let catalogs =
        (try? FileManager.default.contentsOfDirectory(
          atPath: sources.appendingPathComponent(module).path
        )) ?? []
      for catalog in catalogs.sorted() where catalog.hasSuffix(".docc") {
        let path = "Sources/\(module)/\(catalog)/\(name)"
        let url = TestData.packageRoot.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: url.path) {
          return (path, try String(contentsOf: url, encoding: .utf8))
        }
      }
    }
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
  }

  /// Lines joined, without trailing blank lines and with their common indentation removed.
  static func dedented(_ lines: [Substring]) -> String {
    var lines = lines
    while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
    let indent =
      lines.filter { !$0.allSatisfy(\.isWhitespace) }
      .map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(indent)) }
      .joined(separator: "\n")
  }
}
