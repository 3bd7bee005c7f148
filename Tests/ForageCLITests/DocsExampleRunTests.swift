import ForageTestSupport
import Foundation
import Testing

/// Every `forage run` example of the README and the manual runs, against the in-process mock,
/// and prints no warning a new user cannot act on; and the README's sample of the demo's story
/// is what the demo prints.
@Suite struct DocsExampleRunTests {
  /// Why an example is not run here: it needs something the clone does not start by itself.
  static func reasonNotRun(_ words: [String]) -> String? {
    if !words.contains("--track") && !words.contains("--gpsd") {
      return "names the command in the text, with no track: not an example to run"
    }
    if words.contains(where: { $0.contains("…") || ($0.allSatisfy(\.isUppercase) && !$0.isEmpty) })
    {
      return "holds a placeholder (…, FILE, N) for what the reader gives"
    }
    if words.contains("--gpsd") { return "needs a gpsd" }
    if words.contains("--api-base") { return "asks a real API, or a mock-places started by hand" }
    if words.contains("--notify-url") { return "needs a receiver at its URL" }
    if let track = words.firstIndex(of: "--track"), words.dropFirst(track + 1).first == "-" {
      return "reads a track from a pipe (DemoFirstScreenTests runs the demo's)"
    }
    return nil
  }

  /// The warning an example may print, and why a new user can act on it; `nil` for none.
  static func allowedWarning(_ words: [String]) -> String? {
    // --open leaves out the places whose hours cannot be told: the line says how many, so
    // the user knows the answers hold only the places known to be open.
    words.contains("--open") ? "warning: --open left out the places" : nil
  }

  /// The `forage run` examples of every page, as a shell runs them (variables expanded).
  static func runExamples() throws -> [ReadmeExamples.Command] {
    try ReadmeExampleTests.pages().flatMap { page in
      try ReadmeExampleTests.examples(page).expanded().map(\.command)
        .filter { $0.words.starts(with: ["forage", "run"]) }
    }
  }

  @Test func everyRunExampleRunsWithNoWarningANewUserCannotActOn() throws {
    let examples = try Self.runExamples()
    #expect(examples.count >= 15, "\(examples.map(\.location))")
    // The examples name the clone's files; what they write goes to a folder of their own.
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in ["Resources", "Tests"] {
      try FileManager.default.createSymbolicLink(
        at: directory.appendingPathComponent(name),
        withDestinationURL: TestData.packageRoot.appendingPathComponent(name)
      )
    }
    var ran = 0
    for example in examples where Self.reasonNotRun(example.words) == nil {
      let result = try FinderFixtures.forage(Array(example.words.dropFirst()), in: directory)
      ran += 1

      #expect(result.status == 0, "\(example.location): \(result.stderr)")
      let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning:") }
      let allowed = Self.allowedWarning(example.words)
      for warning in warnings where allowed.map({ !warning.contains($0) }) ?? true {
        Issue.record("\(example.location): \(example.words.joined(separator: " ")): \(warning)")
      }
    }
    #expect(ran >= 10)
  }

  /// The requests a page says the README's `--limit 60` example spends (`: 67 requests for 3 900
  /// fixes`), read from the first line holding `phrase`.
  static func claimedRequests(in text: String, after phrase: String) throws -> Int {
    let line = try #require(text.split(separator: "\n").first { $0.contains(phrase) })
    let match = try #require(line.firstMatch(of: /(\d+) requests for 3 900 fixes/))
    return try #require(Int(match.1))
  }

  @Test func whatTheReadmeSaysKBeyondTheCapCostsIsWhatItSpends() throws {
    let example = try #require(
      try Self.runExamples().first { $0.words.contains("--limit") && $0.words.contains("60") }
    )
    let readme = try String(contentsOf: ReadmeExampleTests.readme, encoding: .utf8)
    let claimed = try Self.claimedRequests(in: readme, after: "--limit 60")
    let providers = try String(
      contentsOf: TestData.packageRoot.appendingPathComponent("docs/providers.md"),
      encoding: .utf8
    )
    #expect(try Self.claimedRequests(in: providers, after: "`--limit 60` spends") == claimed)
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createSymbolicLink(
      at: directory.appendingPathComponent("Resources"),
      withDestinationURL: TestData.packageRoot.appendingPathComponent("Resources")
    )
    let run = try FinderFixtures.forage(Array(example.words.dropFirst()), in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    let summary = try BillTests.summary(run.stdout)
    #expect(summary["requests"] as? Int == claimed, "\(example.location)")
    #expect(summary["fixes"] as? Int == 3_900)
  }

  /// The README's sample of the demo's story: the lines under `$ forage demo` in its first
  /// `text` block, `…` standing for lines left out.
  static func readmeSample() throws -> [Substring] {
    let readme = try String(contentsOf: ReadmeExampleTests.readme, encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    let open = try #require(lines.firstIndex(of: "```text"))
    let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
    try #require(lines[open + 1] == "$ forage demo")
    return Array(lines[(open + 2)..<close])
  }

  @Test func theReadmesSampleIsWhatTheDemoPrints() throws {
    let sample = try Self.readmeSample()
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }

    let demo = try FinderFixtures.forage(["demo"], in: directory)

    #expect(demo.status == 0, "\(demo.stderr)")
    #expect(sample.contains { $0.contains("requests") } && sample.count >= 4)
    var printed = demo.stdout.split(separator: "\n", omittingEmptySubsequences: false)[...]
    // In order, each a whole line; `…` skips any number of lines.
    var skipping = false
    for line in sample {
      if line == "…" {
        skipping = true
        continue
      }
      if skipping {
        guard let found = printed.firstIndex(of: line) else {
          Issue.record("the demo no longer prints the README's line: \(line)")
          return
        }
        printed = printed[(found + 1)...]
      } else {
        #expect(printed.first == line, "the README shows \(line); the demo printed \(demo.stdout)")
        printed = printed.dropFirst()
      }
      skipping = false
    }
  }
}
