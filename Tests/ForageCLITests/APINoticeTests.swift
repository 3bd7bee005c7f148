import ForageTestSupport
import Foundation
import Testing

/// The notice an API's answers carry about their data reaches the summary, whatever the
/// provider: `mock-places` serves a dataset's own attribution as Google's `html_attributions`,
/// as Places API (New)'s `attributions` and as Overpass's `osm3s.copyright`, and a run against
/// it with `--api-base` (the workflow of docs/mock-server.md) writes it, as a run on the in-process mock does.
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
    // One source, one notice: the dataset's, the provider's and the answers' are OpenStreetMap's.
    #expect(attribution == FinderFixtures.bundledNotice, "\(attribution)")

    // The recording keeps it: the replay says the same, and so does one stopped early (the
    // notice is settled before the first answer that brought it).
    let replay = try FinderFixtures.forage(["replay", recording])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout == result.stdout)
    let early = try FinderFixtures.forage(["replay", recording, "--until", "8"])
    let earlySummary = try Self.summary(early.stdout)
    #expect(earlySummary["complete"] as? Bool == false)
    #expect(earlySummary["attribution"] as? String == attribution, "\(earlySummary)")

    // The in-process mock serving the same dataset gives the same notice.
    let inProcess = try FinderFixtures.forage(
      ["run", "--track", try Self.track(in: directory)] + options
    )
    try #require(inProcess.status == 0, "\(inProcess.stderr)")
    #expect(try Self.summary(inProcess.stdout)["attribution"] as? String == attribution)
  }

  /// One notice reads the same through nearby, the in-process mock and mock-places, however
  /// hostile its text (control and bidirectional characters, white space, markup).
  @Test func aHostileNoticeReadsTheSameOnEveryPath() async throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let notice = "Evil\u{1B}[31mRED\u{07}\r\n  next\u{0}nul\u{9B} \u{202E}<b>&amp;</b>"
    let text = try String(contentsOf: FinderFixtures.helsinkiPlaces, encoding: .utf8)
    // The notice as a JSON string, quotes included.
    let encoded = String(
      decoding: try JSONSerialization.data(withJSONObject: [notice]),
      as: UTF8.self
    ).dropFirst().dropLast()
    let dataset = directory.appendingPathComponent("places.geojson")
    try Data(
      text.replacingOccurrences(
        of: "\"" + FinderFixtures.bundledAttribution + "\"",
        with: String(encoded)
      ).utf8
    ).write(to: dataset)
    let server = try MockPlacesProcess(["--dataset", dataset.path])
    defer { server.stop() }
    let track = try Self.track(in: directory)
    var seen: [String] = []
    for provider in ["google-legacy", "places-new", "overpass"] {
      let options = ["--provider", provider, "--type", "restaurant"]
      let remote = try FinderFixtures.forage(
        [
          "run", "--track", track, "--api-base", server.url.absoluteString, "--network-time",
          "virtual",
        ]
          + options
      )
      let local = try FinderFixtures.forage(
        ["run", "--track", track, "--dataset", dataset.path] + options
      )
      try #require(remote.status == 0 && local.status == 0, "\(remote.stderr)\(local.stderr)")
      let remoteNotice = try Self.summary(remote.stdout)["attribution"] as? String
      #expect(
        remoteNotice == (try Self.summary(local.stdout)["attribution"] as? String),
        "\(provider)"
      )
      if provider != "overpass" { seen.append(remoteNotice ?? "") }
    }
    let nearby = try FinderFixtures.forage(
      [
        "nearby", "--places", dataset.path, "--at", "60.17,24.94", "--radius", "300", "--format",
        "json",
      ]
    )
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(nearby.stdout.utf8)) as? [String: Any]
    )
    seen.append(document["attribution"] as? String ?? "")
    #expect(Set(seen).count == 1, "\(seen)")
    #expect(
      seen.first?.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control } == true
    )
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
      "--provider", "google-legacy",
    ]
    let first = try FinderFixtures.forage(arguments)
    try #require(first.status == 0, "\(first.stderr)")
    let second = try FinderFixtures.forage(arguments)
    try #require(second.status == 0, "\(second.stderr)")
    let summary = try Self.summary(second.stdout)
    #expect(summary["requests"] as? Int == 0)
    #expect(
      summary["attribution"] as? String == FinderFixtures.bundledNotice,
      "\(summary)"
    )
  }
}
