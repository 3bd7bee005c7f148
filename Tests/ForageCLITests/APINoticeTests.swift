import ForageTestSupport
import Foundation
import Testing

/// The notice an API's answers carry about their data reaches the summary, whatever the
/// provider: `mock-places` serves a dataset's own attribution as Google's `html_attributions`,
/// as Places API (New)'s `attributions` and as Overpass's `osm3s.copyright`, and a run against
/// it with `--api-base` (the README's workflow) writes it, as a run on the in-process mock does.
@Suite struct APINoticeTests {
  /// A short walk near the bundled places.
  static func track(in directory: URL) throws -> String {
    try FinderFixtures.walkPrefix(5, in: directory).path
  }

  /// The last line of NDJSON output as an object.
  static func summary(_ ndjson: String) throws -> [String: Any] {
    let last = try #require(ndjson.split(separator: "\n").last)
    return try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
  }

  @Test(arguments: [
    ["--type", "restaurant"], ["--provider", "places-new", "--type", "restaurant"],
    ["--provider", "overpass", "--type", "restaurant"],
  ])
  func theAPIsNoticeIsInTheSummary(options: [String]) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try MockPlacesProcess(["--dataset", FinderFixtures.helsinkiPlaces.path])
    defer { server.stop() }
    let recording = directory.appendingPathComponent("run.rec").path
    let arguments =
      [
        "run", "--track", try Self.track(in: directory), "--api-base", server.url.absoluteString,
        "--network-time", "virtual", "--record", recording,
      ] + options
    let result = try FinderFixtures.forage(arguments)
    try #require(result.status == 0, "\(result.stderr)")
    let attribution = try Self.summary(result.stdout)["attribution"] as? String ?? ""
    #expect(attribution.contains(FinderFixtures.bundledAttribution), "\(attribution)")

    // The recording keeps it: the replay says the same.
    let replay = try FinderFixtures.forage(["replay", recording])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout == result.stdout)
  }

  /// A second run answered from a places cache file, without any request, still shows the
  /// notice the first run's answers carried.
  @Test func aStoredAnswerKeepsTheNotice() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try MockPlacesProcess(["--dataset", FinderFixtures.helsinkiPlaces.path])
    defer { server.stop() }
    let cache = directory.appendingPathComponent("places.sqlite").path
    let arguments = [
      "run", "--track", try Self.track(in: directory), "--api-base", server.url.absoluteString,
      "--network-time", "virtual", "--type", "restaurant", "--places-cache", cache,
    ]
    let first = try FinderFixtures.forage(arguments)
    try #require(first.status == 0, "\(first.stderr)")
    let second = try FinderFixtures.forage(arguments)
    try #require(second.status == 0, "\(second.stderr)")
    let summary = try Self.summary(second.stdout)
    #expect(summary["requests"] as? Int == 0)
    #expect(
      (summary["attribution"] as? String)?.contains(FinderFixtures.bundledAttribution) == true,
      "\(summary)"
    )
  }
}
