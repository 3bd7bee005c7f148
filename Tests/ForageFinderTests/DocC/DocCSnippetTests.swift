import Testing

/// The code of every DocC article is the compiled code, word for word: each article's `swift`
/// blocks are, in order, the regions named for it (``DocCSnippets``), which other tests run.
@Suite struct DocCSnippetTests {
  /// The articles with code, and the regions their `swift` blocks show, in order.
  static let articles: [(article: String, regions: [String])] = [
    ("AssemblingAFinder.md", ["insert", "assemble", "run"]),
    ("WritingAMiddleware.md", ["note", "middleware", "test", "live-client", "stand-in"]),
    ("ImplementingAProvider.md", ["wire", "provider", "fake-api", "finder", "live"]),
  ]

  @Test(arguments: articles.map(\.article))
  func theArticlesCodeIsTheCompiledCode(_ name: String) throws {
    let regionNames = try #require(Self.articles.first { $0.article == name }).regions
    let regions = try DocCSnippets.allRegions()
    let article = try DocCSnippets.article(name)
    let blocks = DocCSnippets.swiftBlocks(in: article.text)
    #expect(blocks.count == regionNames.count, "\(article.path) has \(blocks.count) swift blocks")
    for (index, region) in regionNames.enumerated() {
      let compiled = try #require(regions[region], "no region \(region)")
      guard index < blocks.count else { break }
      #expect(
        blocks[index] == compiled,
        "\(article.path): swift block \(index + 1) is not region \(region) as compiled"
      )
    }
  }

  /// Every region is shown by an article: none is compiled for nothing.
  @Test func everyRegionIsShown() throws {
    let shown = Set(Self.articles.flatMap(\.regions))
    #expect(Set(try DocCSnippets.allRegions().keys) == shown)
  }

  /// The check finds what it is for: regions, indented or not, blocks in order, and a changed
  /// line.
  @Test func regionsAndBlocksAreReadAsWritten() {
    // Spelled in two parts, so that this file holds no region of its own.
    let (begin, end) = ("// docc-" + "snippet:", "// docc-" + "snippet-end")
    let source = """
      let a = 1
      \(begin) one
      struct One {}
      \(end)
        \(begin) two
        func two() {
          print(2)
        }

        \(end)
      """
    let regions = DocCSnippets.regions(in: source)
    #expect(regions.map(\.name) == ["one", "two"])
    #expect(regions.map(\.text) == ["struct One {}", "func two() {\n  print(2)\n}"])
    let article = """
      Text.

      ```swift
      struct One {}
      ```

      ```sh
      swift build
      ```

      ```swift
      func two() {
        print(3)
      }
      ```
      """
    let blocks = DocCSnippets.swiftBlocks(in: article)
    #expect(blocks == ["struct One {}", "func two() {\n  print(3)\n}"])
    #expect(blocks[1] != regions[1].text)
  }
}
