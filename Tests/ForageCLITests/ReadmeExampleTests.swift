import ForageTestSupport
import Foundation
import Testing

/// Every example command in the README names files a reader has: files of the repository, or
/// files an earlier example writes.
@Suite struct ReadmeExampleTests {
  static let readme = TestData.packageRoot.appendingPathComponent("README.md")

  @Test func everyExampleNamesAFileOfTheRepository() throws {
    let examples = ReadmeExamples(text: try String(contentsOf: Self.readme, encoding: .utf8))

    let forage = examples.commands.filter { $0.words.first == "forage" }
    #expect(forage.count > 10, "the README's examples were not found")
    #expect(examples.missingFiles(under: TestData.packageRoot) == [])
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
