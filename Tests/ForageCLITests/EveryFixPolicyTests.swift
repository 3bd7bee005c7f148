import ForageTestSupport
import Foundation
import Testing

/// `--query-policy every-fix`, the baseline, makes one search a fix: where one search cannot
/// give the answer it is refused before the run (it answered fewer places, exit 0).
@Suite struct EveryFixPolicyTests {
  @Test(arguments: [
    (["--limit", "21"], false), (["--limit", "60"], false),
    (["--open", "--timezone", "UTC"], false), (["--limit", "20"], true),
    (["--provider", "google-legacy", "--limit", "60"], true),
    (["--provider", "overpass", "--open", "--timezone", "UTC"], true),
  ])
  func oneSearchAFixIsRefusedWhereItCannotAnswer(options: [String], runs: Bool) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 100, count: 3, in: directory).path
    let result = try FinderFixtures.forage(
      ["run", "--track", track, "--query-policy", "every-fix"] + options
    )
    if runs {
      #expect(result.status == 0, "\(options): \(result.stderr)")
      return
    }
    #expect(result.status == 64, "\(options): \(result.stderr)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1 && lines[0].contains("every-fix"), "\(lines)")
    #expect(result.stdout.isEmpty)
  }
}
