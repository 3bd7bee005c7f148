import ForageTestSupport
import Foundation
import Testing

/// Every relative link in the README, CONTRIBUTING.md, CHANGELOG.md and the manual (`docs/`)
/// names a file or folder of the clone: moving a page or a file breaks this test, not a
/// reader's click.
@Suite struct DocsLinkTests {
  /// A link a page makes to a file that is not there.
  struct BrokenLink: Equatable, CustomStringConvertible {
    /// The page and line: `docs/output.md:12`.
    var location: String
    /// The link as written.
    var target: String

    var description: String { "\(location): \(target)" }
  }

  /// The targets of a page's Markdown links and images (`[text](target)`, `![alt](target)`),
  /// with the line each is on; links inside code spans and fenced blocks are code, not links.
  static func links(in text: String) -> [(line: Int, target: String)] {
    var links: [(Int, String)] = []
    var isInBlock = false
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        isInBlock.toggle()
        continue
      }
      if isInBlock { continue }
      // Code spans out: every other stretch between backquotes is code.
      let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
      var rest = Substring(prose)
      while let open = rest.range(of: "](") {
        let after = rest[open.upperBound...]
        guard let close = after.firstIndex(of: ")") else { break }
        links.append((index + 1, String(after[..<close])))
        rest = after[close...]
      }
    }
    return links
  }

  /// The links of `text` (the page at `page`, a path in the clone) that name no file under
  /// `root`. Web addresses and links within the page (`#part`) are not checked; a part after a
  /// file's name is ignored.
  static func brokenLinks(in text: String, page: String, root: URL) -> [BrokenLink] {
    let folder = (page as NSString).deletingLastPathComponent
    return links(in: text).compactMap { line, target in
      guard !target.contains("://"), !target.hasPrefix("mailto:"), !target.hasPrefix("#") else {
        return nil
      }
      let path = String(target.prefix { $0 != "#" })
      let url = root.appendingPathComponent(folder).appendingPathComponent(path).standardized
      guard url.path.hasPrefix(root.standardized.path),
        FileManager.default.fileExists(atPath: url.path)
      else { return BrokenLink(location: "\(page):\(line)", target: target) }
      return nil
    }
  }

  /// The pages checked: the README, CONTRIBUTING.md, CHANGELOG.md and every page of `docs/`.
  static func pages() throws -> [String] {
    try ReadmeExampleTests.pages() + ["CHANGELOG.md"]
  }

  @Test(arguments: try pages())
  func everyRelativeLinkNamesAFileOfTheClone(_ page: String) throws {
    let root = TestData.packageRoot
    let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)

    #expect(Self.brokenLinks(in: text, page: page, root: root) == [])
  }

  /// The README and the manual's index link every page of the manual.
  @Test func theReadmeAndTheIndexLinkEveryPage() throws {
    let root = TestData.packageRoot
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let index = try String(
      contentsOf: root.appendingPathComponent("docs/README.md"),
      encoding: .utf8
    )
    let readmeLinks = Set(Self.links(in: readme).map(\.target))
    let indexLinks = Set(Self.links(in: index).map(\.target))
    for page in try ReadmeExampleTests.pages() where page.hasPrefix("docs/") {
      let name = String(page.dropFirst("docs/".count))
      #expect(readmeLinks.contains(page), "the README does not link \(page)")
      if name != "README.md" {
        #expect(indexLinks.contains(name), "docs/README.md does not link \(name)")
      }
    }
    for file in ["CONTRIBUTING.md", "LICENSE", "CHANGELOG.md"] {
      #expect(readmeLinks.contains(file), "the README does not link \(file)")
    }
  }

  /// The check finds what it is for, and lets pass what it should.
  @Test func aBrokenLinkIsFound() {
    let text = """
      See [the output](output.md), [a gone page](gone.md) and [up](../README.md).
      ![A picture](../Resources/screenshots/demo-map.png) and [a part](security.md#proxies).
      [The web](https://example.com/x.md), [here](#part), [out](../../etc/passwd).
      `[code](not-a-link.md)` and [a missing part](missing.md#x).
      ```
      [in a block](not-checked.md)
      ```
      """

    let broken = Self.brokenLinks(in: text, page: "docs/page.md", root: TestData.packageRoot)

    #expect(
      broken.map(\.description) == [
        "docs/page.md:1: gone.md", "docs/page.md:3: ../../etc/passwd",
        "docs/page.md:4: missing.md#x",
      ]
    )
  }
}
