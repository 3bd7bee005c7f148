import Foundation
import Synchronization
import Testing

/// The README's "ForageStore in 20 lines" compiles and runs (`ReadmeStore.swift` holds it
/// between two markers), and the README still shows that code.
@Suite struct ReadmeStoreTests {
  @Test func theReadmeStoreRuns() async {
    let printed = Printed()

    let end = await readmeStore(
      searchingFor: "ramen",
      print: { label, value in printed.lines.withLock { $0.append("\(label) \(value)") } },
      places: { query in ["\(query) bar", "\(query) house"] }
    )

    #expect(printed.lines.withLock { $0 } == ["radius 500", "radius 800"])
    #expect(end.radius == 800)
    #expect(end.places == ["ramen bar", "ramen house"])
  }

  /// The block between the markers is the README's, but for its `import ForageStore` (at the
  /// top of the file) and the indentation.
  @Test func theReadmeShowsThisCode() throws {
    // Through the link Tests/TSan builds this file by, too.
    let folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    let root = folder.deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(
      contentsOf: folder.appendingPathComponent("ReadmeStore.swift"),
      encoding: .utf8
    )
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    let heading = try #require(lines.firstIndex(of: "## ForageStore in 20 lines"))
    let open = try #require(lines[heading...].firstIndex(of: "```swift"))
    let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
    let shown = lines[(open + 1)..<close].drop { $0 == "import ForageStore" || $0.isEmpty }

    let code = source.split(separator: "\n", omittingEmptySubsequences: false)
    let begin = try #require(code.firstIndex { $0.hasSuffix("// README: begin") })
    let end = try #require(code.firstIndex { $0.hasSuffix("// README: end") })
    let compiled = code[(begin + 1)..<end].map { $0.isEmpty ? $0 : $0.dropFirst(2) }

    #expect(Array(shown) == compiled)
    #expect(shown.count <= 20)
  }

  /// What the README's subscriber printed.
  final class Printed: Sendable {
    let lines = Mutex<[String]>([])
  }
}
