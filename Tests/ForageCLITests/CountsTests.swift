import ForageTestSupport
import Foundation
import Testing

/// Counts add up in every format: fixes = used + dropped + lost, answers = network + cache, and
/// a dropout is a lost fix, never an API error.
@Suite struct CountsTests {
  @Test func aDropoutIsALostFixAndTheSummaryAddsUp() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(600, in: directory).path
    let arguments = ["run", "--track", track, "--dropout", "0.3", "--seed", "5"]
    let result = try FinderFixtures.forage(arguments)
    try #require(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map { Data($0.utf8) }
    let events = try lines.map {
      try #require(try JSONSerialization.jsonObject(with: $0) as? [String: Any])
    }
    let summary = try #require(events.last)
    let count = { (key: String) in summary[key] as? Int ?? -1 }
    #expect(count("fixes") == 600)
    #expect(count("fixes_lost") > 100)
    #expect(count("fixes") == count("fixes_used") + count("fixes_dropped") + count("fixes_lost"))
    let named = { (name: String) in events.filter { $0["event"] as? String == name } }
    #expect(named("lost").count == count("fixes_lost"))
    #expect(named("error").isEmpty, "a dropout is not an error")
    let places = named("places")
    #expect(count("answers") == places.count)
    #expect(count("cache_answers") == places.filter { $0["source"] as? String != "network" }.count)
    #expect(count("errors") == 0)

    // The same totals in the JSON document and in the table.
    let json = try FinderFixtures.forage(arguments + ["--format", "json"])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    )
    let jsonSummary = try #require(
      (document["events"] as? [[String: Any]])?.last ?? document["summary"] as? [String: Any]
    )
    for key in ["fixes", "fixes_used", "fixes_dropped", "fixes_lost", "answers", "cache_answers"] {
      #expect(jsonSummary[key] as? Int == count(key), "\(key)")
    }
    let table = try FinderFixtures.forage(arguments + ["--format", "table"])
    #expect(
      table.stdout.contains(
        "fixes 600, used \(count("fixes_used")), dropped \(count("fixes_dropped")), "
          + "lost \(count("fixes_lost")); answers \(count("answers")) "
          + "(\(count("answers") - count("cache_answers")) from the network, "
          + "\(count("cache_answers")) from cache)"
      ),
      "\(table.stdout.suffix(300))"
    )
  }
}
