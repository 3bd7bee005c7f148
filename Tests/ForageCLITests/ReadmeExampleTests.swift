import ForageTestSupport
import Foundation
import Testing

/// Every example command in the README, the manual (`docs/*.md`) and CONTRIBUTING.md names
/// files a reader has: files of the repository, or files an earlier example of the same page
/// writes.
@Suite struct ReadmeExampleTests {
  static let readme = TestData.packageRoot.appendingPathComponent("README.md")

  /// The pages whose examples are checked, by their path in the clone: the README, every page
  /// of the manual and CONTRIBUTING.md.
  static func pages() throws -> [String] {
    let manual = try FileManager.default.contentsOfDirectory(
      at: TestData.packageRoot.appendingPathComponent("docs"),
      includingPropertiesForKeys: nil
    )
    .filter { $0.pathExtension == "md" }.map { "docs/" + $0.lastPathComponent }.sorted()
    return ["README.md", "CONTRIBUTING.md"] + manual
  }

  /// The examples of one page.
  static func examples(_ page: String) throws -> ReadmeExamples {
    ReadmeExamples(
      text: try String(
        contentsOf: TestData.packageRoot.appendingPathComponent(page),
        encoding: .utf8
      ),
      name: page
    )
  }

  @Test func everyExampleNamesAFileOfTheRepository() throws {
    let examples = ReadmeExamples(text: try String(contentsOf: Self.readme, encoding: .utf8))

    let forage = examples.commands.filter { $0.words.first == "forage" }
    #expect(forage.count > 10, "the README's examples were not found")
    #expect(examples.missingFiles(under: TestData.packageRoot) == [])
  }

  @Test(arguments: try pages())
  func everyExampleOfThePageNamesAFileOfTheRepository(_ page: String) throws {
    let missing = try Self.examples(page).missingFiles(under: TestData.packageRoot)
    #expect(missing == [], "\(missing)")
  }

  /// The manual has examples for the checks to check: every page of it but its index shows
  /// at least one command.
  @Test func theManualsPagesShowCommands() throws {
    let pages = try Self.pages().filter { $0.hasPrefix("docs/") && $0 != "docs/README.md" }
    #expect(pages.count >= 11, "\(pages)")
    for page in pages {
      #expect(!(try Self.examples(page).commands.isEmpty), "\(page) shows no command")
    }
  }

  /// The check itself finds what it is for: made-up names, in blocks and inline, and not the
  /// names it should let pass.
  @Test func aMadeUpFileInAnExampleIsFound() throws {
    let text = """
      Run `forage validate track.gpx` first.

      ```sh
      forage run --track walk.gpx --format html --output walk.html   # a map.gpx in a comment
      forage replay walk.html && forage nearby --places 'my places.geojson' --at 60,24
      forage run --track Resources/demo/helsinki-walk.gpx --record run.actions --api-base https://x.example/a.b
      forage replay run.actions | head; forage run --track FILE --gpsd 127.0.0.1:2947
      RESWIFT_PATH=/path/to/ReSwift swift run -c release --package-path Benchmarks StoreBenchmark
      forage run --track=log.nmea --output=out/x.ndjson
      T=Resources/demo/helsinki-walk.gpx
      U=gone.gpx forage validate $T
      forage run --track $U --output ${T}.html && forage replay $T.html
      ```

      ```
      forage run --track not-a-shell-block.gpx
      ```
      """
    let examples = ReadmeExamples(text: text, name: "R")

    #expect(
      examples.missingFiles(under: TestData.packageRoot).map(\.description) == [
        "R:1: track.gpx", "R:4: walk.gpx", "R:5: my places.geojson", "R:9: log.nmea",
        "R:11: gone.gpx", "R:12: gone.gpx",
      ]
    )
  }

  @Test func wordsSplitAsAShellSplitsThem() {
    #expect(
      ReadmeExamples.words(#"a 'b c' "d#e" f#g # comment"#) == ["a", "b c", "d#e", "f#g"]
    )
    #expect(ReadmeExamples.words("a && b | c; d") == ["a", ";", "b", ";", "c", ";", "d"])
    for name in ["walk.gpx", "Resources/demo", "./x", "Package.swift", "forage-demo-map.html"] {
      #expect(ReadmeExamples.isFileName(name), "\(name)")
    }
    for word in [
      "--track", "127.0.0.1:2947", "60.1699,24.9384", "https://overpass-api.de", "FILE", "…",
      "A=/b/c", "grant@20min", "0.5", "/path/to/ReSwift",
    ] {
      #expect(!ReadmeExamples.isFileName(word), "\(word)")
    }
  }
}
