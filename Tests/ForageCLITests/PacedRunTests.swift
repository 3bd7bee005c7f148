import ForageTestSupport
import Foundation
import Testing

/// A paced replay (`--speed`) ends, and accounts for every delivered fix: each has a places
/// event, a failure (`fixes_unanswered`) or was overtaken by a newer fix (`fixes_skipped`).
@Suite struct PacedRunTests {
  /// Runs `forage run` on the bundled walk with a time limit, which kills it if it
  /// never ends (the hang this guards against spun forever).
  static func pacedRun(_ extra: [String]) throws -> BinaryResult {
    try FinderFixtures.forage(["run", "--track", walk] + extra, limit: .seconds(300))
  }

  static let walk = FinderFixtures.walk.path

  /// The last line of NDJSON output, the summary, as a JSON object.
  static func summary(_ ndjson: String) throws -> [String: Any] {
    let last = try #require(ndjson.split(separator: "\n").last)
    return try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
  }

  /// Searches capped at 60 results (three pages) at --speed 1000: a search that waited for
  /// another found it finished and looped without suspending, starving the effect that would
  /// clear it, so the run never ended on two cores.
  @Test(arguments: [["--limit", "60"], ["--limit", "20"], ["--type", "cafe", "--limit", "40"]])
  func aPacedRunEndsAndEveryDeliveredFixIsAccountedFor(_ options: [String]) throws {
    let result = try Self.pacedRun(options + ["--speed", "1000"])
    try #require(result.status == 0, "exit \(result.status): \(result.stderr.suffix(400))")
    let output = try RunOutput(ndjson: result.stdout)
    let summary = try Self.summary(result.stdout)
    let count = { (key: String) in summary[key] as? Int ?? 0 }
    let places = output.named("places")
    #expect(places.count == count("answers"))
    #expect(
      count("fixes_used") == count("answers") + count("fixes_unanswered") + count("fixes_skipped"),
      "\(summary)"
    )
    if count("fixes_skipped") > 0 {
      #expect(
        result.stderr.contains(
          "warning: \(count("fixes_skipped")) of \(count("fixes_used")) delivered fixes were skipped"
        ),
        "\(result.stderr)"
      )
    }
  }

  /// Without pacing every delivered fix is answered, so there is no `fixes_skipped` member.
  @Test func anUnpacedRunSkipsNoFix() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(600, in: directory).path
    let result = try FinderFixtures.forage(["run", "--track", track, "--limit", "60"])
    try #require(result.status == 0, "\(result.stderr.suffix(400))")
    let summary = try Self.summary(result.stdout)
    #expect(summary["fixes_skipped"] == nil)
    #expect(summary["answers"] as? Int == summary["fixes_used"] as? Int)
  }
}
