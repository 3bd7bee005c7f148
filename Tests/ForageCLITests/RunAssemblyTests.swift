import ForagePlaceDataset
import ForageTestSupport
import Foundation
import MockPlaces
import Testing

/// `forage run` builds its chain through the public assembly: the default chain prints what it
/// always printed, and `--log-level` and `--notify-url` add middleware.
@Suite struct RunAssemblyTests {
  static let key = "AIzaSyB0987654321zyxwvutsrqponmlkjihgf"

  @Test(arguments: GoldenOutput.all)
  func theDefaultChainPrintsTheSameBytesAsBefore(_ golden: GoldenOutput) throws {
    let track = try #require(golden.trackURL, "\(golden.name): no file \(golden.track)")
    let result = try FinderFixtures.forage(["run", "--track", track.path] + golden.arguments)
    try #require(result.status == 0, "\(result.stderr)")
    if let expected = try golden.expectedText() {
      let got = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let first = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      #expect(first == nil, "first different line: \((first ?? 0) + 1)")
    }
    #expect(result.stdout.utf8.count == golden.bytes)
    #expect(GoldenOutput.digest(result.stdout.utf8) == golden.fnv1a64)
  }

  @Test func logLevelDebugWritesToStandardErrorOnly() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(120, in: directory).path
    // The legacy API: its answers come from the cache, and it gives no hours to warn about.
    let quiet = try FinderFixtures.forage(["run", "--track", track, "--provider", "google-legacy"])
    let loud = try FinderFixtures.forage([
      "run", "--track", track, "--provider", "google-legacy", "--log-level", "debug",
    ])
    try #require(quiet.status == 0 && loud.status == 0, "\(loud.stderr)")
    #expect(loud.stdout == quiet.stdout)
    let lines = loud.stderr.split(separator: "\n")
    #expect(lines.contains { $0.contains("effect places #1 started: search fix 0") })
    #expect(lines.contains { $0.contains("effect places #1 finished: search fix 0") })
    #expect(lines.contains { $0.contains("placesAnswered fix 119 from cache") })
    #expect(!lines.contains { $0.contains("location fixReceived") })
    // At the default level, nothing but the mock's one line.
    #expect(quiet.stderr.split(separator: "\n").count == 1)
  }

  @Test func logLevelIsValidated() throws {
    let result = try FinderFixtures.forage([
      "run", "--track", FinderFixtures.walk.path, "--log-level", "chatty",
    ])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--log-level"))
  }

  @Test func notifyURLIsValidated() throws {
    let result = try FinderFixtures.forage([
      "run", "--track", FinderFixtures.walk.path, "--notify-url", "ftp://127.0.0.1/hooks",
    ])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--notify-url"))
  }

  /// Notifications the receiver refuses are explained: each in the log, the last in the
  /// warning (it said only "not accepted after their retries", even at --log-level trace).
  @Test(arguments: [302, 400, 500])
  func refusedNotificationsSayWhy(status: Int) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 20, count: 10, in: directory).path
    let hooks = try ScriptedHTTPServer { _ in .init(status: status, body: "") }
    defer { hooks.close() }
    let result = try FinderFixtures.forage([
      "run", "--track", track, "--notify-url", "http://127.0.0.1:\(hooks.port)/hooks",
      "--log-level", "info",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let warning = result.stderr.split(separator: "\n").filter {
      $0.contains("warning: --notify-url")
    }
    #expect(warning.count == 1, "\(result.stderr)")
    #expect(warning.first?.contains("(the last: HTTP \(status))") == true, "\(result.stderr)")
    #expect(result.stderr.contains("a notification was not accepted: HTTP \(status)"))
  }

  @Test func notifiesEachNewPlaceWithoutTheKeyAndCountsThemInTheSummary() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 10, count: 120, in: directory).path
    let places = MockHTTPServer.places(
      dataset: try PlaceDataset.load(contentsOf: FinderFixtures.helsinkiPlaces),
      apiKey: Self.key,
      pageTokenDelay: .zero
    )
    try places.start()
    defer { places.stop() }
    let receiver = NotificationReceiverHandler()
    let hooks = MockHTTPServer(handlers: [receiver])
    try hooks.start()
    defer { hooks.stop() }

    let result = try FinderFixtures.forage(
      [
        "run", "--track", track, "--api-base", places.url.absoluteString, "--network-time",
        "virtual", "--notify-url", hooks.url.appending(path: "/hooks").absoluteString,
        "--log-level", "trace",
      ],
      environment: ["PLACES_API_KEY": Self.key]
    )
    try #require(result.status == 0, "\(result.stderr)")
    let output = try RunOutput(ndjson: result.stdout)
    var entered: [String] = []
    for event in output.named("places") {
      for place in event.places ?? [] where !entered.contains(place.id) { entered.append(place.id) }
    }
    #expect(!entered.isEmpty)
    let posted = try receiver.requests.map { request in
      let body = try #require(JSONSerialization.jsonObject(with: request.body) as? [String: Any])
      return try #require(body["place"] as? [String: Any])["id"] as? String
    }
    #expect(posted == entered)
    let summary = try #require(result.stdout.split(separator: "\n").last)
    #expect(
      summary.contains(#","notifications_sent":\#(entered.count),"notifications_dropped":0"#)
    )
    // The key went to the places API only: never to the receiver, never to the log.
    #expect(places.journal.count > 0)
    for request in receiver.requests {
      let raw = String(decoding: request.body, as: UTF8.self) + "\(request.headers)\(request.query)"
      #expect(!raw.contains(Self.key))
    }
    #expect(!result.stderr.contains(Self.key))
    #expect(result.stderr.contains("notificationsSettled: \(entered.count) sent, 0 dropped"))
    if JSONSchemaCheck.isAvailable {
      #expect(try JSONSchemaCheck.errors(in: result.stdout, schema: FinderFixtures.schema).isEmpty)
    }
  }

  @Test func theTableSummaryCountsNotifications() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(30, in: directory).path
    let receiver = NotificationReceiverHandler()
    let hooks = MockHTTPServer(handlers: [receiver])
    try hooks.start()
    defer { hooks.stop() }
    let result = try FinderFixtures.forage([
      "run", "--track", track, "--format", "table", "--notify-url",
      hooks.url.appending(path: "/hooks").absoluteString,
    ])
    try #require(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains("; notifications sent \(receiver.requests.count), dropped 0\n")
    )
    #expect(receiver.requests.count >= 20)
  }
}
