import ForageTestSupport
import Foundation
import Testing

/// `forage run --api-base` against the `mock-places` executable with faults injected: the run
/// finishes (exit 0), every answer it gives is the oracle's, and a fix whose search failed for
/// good gets an error event, never a wrong answer.
@Suite struct RunFaultTests {
  /// Every fault kind of the mock, each on 20 % of requests, with a seed that makes it fire.
  static let faults = [
    "delay:30@fraction:0.2:seed=1",
    "dribble:1:chunk=512@fraction:0.2:seed=2",
    "http429@fraction:0.2:seed=3",
    "http429:retry-after=2@fraction:0.2:seed=4",
    "http500@fraction:0.2:seed=5",
    "http503@fraction:0.2:seed=6",
    "over-query-limit@fraction:0.2:seed=7",
    "unknown-error@fraction:0.2:seed=8",
    "reset@fraction:0.2:seed=9",
    "empty@fraction:0.2:seed=10",
    "garbage@fraction:0.2:seed=11",
    "truncated@fraction:0.2:seed=12",
    "html@fraction:0.2:seed=13",
  ]

  /// The run's arguments: network waits in virtual time against the server.
  static func arguments(track: URL, server: MockPlacesProcess) -> [String] {
    ["--track", track.path, "--api-base", server.url.absoluteString, "--network-time", "virtual"]
  }

  /// Checks a faulty run: answers are the oracle's, and every delivered fix was either answered
  /// or reported failed.
  static func expectCorrect(_ output: RunOutput, failuresAllowed: Bool) throws {
    let oracle = try FinderOracle(dataset: FinderFixtures.helsinkiPlaces)
    let mismatches = try oracle.mismatches(in: output)
    #expect(mismatches.isEmpty, "\(mismatches.count) wrong answers: \(mismatches.prefix(3))")
    let answered = Set(output.answeredFixes)
    let failed = Set(output.failedFixes)
    #expect(answered.isDisjoint(with: failed))
    #expect(answered.union(failed) == Set(output.deliveredFixes))
    #expect(output.answeredFixes.count == answered.count, "one answer a fix")
    if !failuresAllowed { #expect(failed.isEmpty, "failed fixes: \(failed.sorted())") }
    #expect(output.summary?.errors == output.named("error").count)
  }

  @Test(arguments: faults)
  func answersStayCorrectWithFaultsOnAFifthOfRequests(fault: String) async throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Every twentieth fix of the walk's first 3000: about sixty requests (searching ahead; every
    // tenth of the first 1500 left only 36, too few for a fifth of them to fault reliably).
    let track = try FinderFixtures.walkSample(every: 20, count: 150, in: directory)
    let server = try MockPlacesProcess(
      dataset: FinderFixtures.helsinkiPlaces,
      arguments: ["--fault", fault]
    )
    defer { server.stop() }

    let result = try FinderFixtures.forage(["run"] + Self.arguments(track: track, server: server))

    #expect(result.status == 0, "\(result.stderr)")
    let output = try RunOutput(ndjson: result.stdout)
    // Faults lose nothing: the provider's retries, and rounds of them, absorb a fault on one
    // request in five, so every delivered fix gets its answer.
    try Self.expectCorrect(output, failuresAllowed: false)
    #expect(output.answeredFixes.count == 150, "\(output.answeredFixes.count) answered")
    let requests = try #require(output.summary?.requests)
    #expect(requests >= 30)
    let fired = try await server.faultsFired().values.reduce(0, +)
    #expect(fired >= 3, "the fault fired \(fired) times")
    // libcurl itself resends once when a reused connection dies before any reply, so the
    // server can see more requests than forage sent, never fewer.
    #expect(try await server.requestCount() >= requests)
  }

  @Test func anAPIThatFailsEverySearchFromTheStartIsReportedUnusable() async throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 20, count: 100, in: directory)
    let server = try MockPlacesProcess(
      dataset: FinderFixtures.helsinkiPlaces,
      arguments: ["--fault", "http503@fraction:0.85:seed=1"]
    )
    defer { server.stop() }

    // The seeded faults fall on every search of the legacy API's sequence of requests.
    let result = try FinderFixtures.forage(
      ["run"] + Self.arguments(track: track, server: server) + ["--provider", "google-legacy"]
    )

    // No search ever succeeded: the run stops, says why in one line, and exits 69.
    #expect(result.status == 69, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1 && lines[0].contains("the places API is unusable"), "\(result.stderr)")
    let output = try RunOutput(ndjson: result.stdout)
    #expect(output.named("places").isEmpty)
    #expect(output.named("error").allSatisfy { $0.kind == "http_status" })
    // The errors a faulty API causes are events of the documented shape too.
    if JSONSchemaCheck.isAvailable {
      #expect(try JSONSchemaCheck.errors(in: result.stdout, schema: FinderFixtures.schema).isEmpty)
    }
  }

  @Test(arguments: ["reset@next:4", "http503@next:4", "over-query-limit@next:4"])
  func aFirstSearchThatFailsFourTimesIsStillAnswered(fault: String) async throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(120, in: directory)
    let server = try MockPlacesProcess(
      dataset: FinderFixtures.helsinkiPlaces,
      arguments: ["--fault", fault]
    )
    defer { server.stop() }

    let result = try FinderFixtures.forage(["run"] + Self.arguments(track: track, server: server))

    #expect(result.status == 0, "\(result.stderr)")
    let output = try RunOutput(ndjson: result.stdout)
    try Self.expectCorrect(output, failuresAllowed: false)
    // The four failures exhaust the provider's three attempts; the search is made again and
    // the fix answered, each failed attempt reported as retrying.
    #expect(output.answeredFixes == Array(0..<120))
    #expect(output.named("error").count == 4)
    #expect(output.named("error").allSatisfy { $0.retrying == true })
  }

  @Test func aPacedRunWithASlowAPIGivesOnlyCorrectAnswersNewestLast() async throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(100, in: directory)
    // Searches outlast several fixes, so answers race; the newest must win.
    let server = try MockPlacesProcess(
      dataset: FinderFixtures.helsinkiPlaces,
      arguments: ["--fault", "delay:250@every:2"]
    )
    defer { server.stop() }

    let result = try FinderFixtures.forage(
      ["run"] + Self.arguments(track: track, server: server) + ["--speed", "50"]
    )

    #expect(result.status == 0, "\(result.stderr)")
    let output = try RunOutput(ndjson: result.stdout)
    #expect(output.deliveredFixes == Array(0..<100))
    let answered = output.answeredFixes
    // Latest wins: answers only ever move forward, and the last fix is always answered.
    #expect(zip(answered, answered.dropFirst()).allSatisfy { $0 < $1 })
    #expect(answered.last == 99)
    let oracle = try FinderOracle(dataset: FinderFixtures.helsinkiPlaces)
    #expect(try oracle.mismatches(in: output).isEmpty)
  }

  @Test func aDeniedKeyStopsTheRunAndTheKeyIsNeverWritten() async throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(50, in: directory)
    let recording = directory.appendingPathComponent("run.ndjson")
    let wrongKey = "AIzaWrongKey-\(UUID().uuidString)"
    let server = try MockPlacesProcess(
      dataset: FinderFixtures.helsinkiPlaces,
      arguments: ["--api-key", "the-right-key"]
    )
    defer { server.stop() }

    let result = try FinderFixtures.forage(
      [
        "run", "--track", track.path, "--api-base", server.url.absoluteString,
        "--api-key-env", "FORAGE_TEST_KEY", "--record", recording.path,
      ],
      environment: ["FORAGE_TEST_KEY": wrongKey]
    )

    #expect(result.status == 69)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(lines.first?.contains("denied") == true || lines.first?.contains("DENIED") == true)
    let output = try RunOutput(ndjson: result.stdout)
    #expect(output.named("places").isEmpty)
    #expect(output.named("error").map(\.kind) == ["request_denied"])
    let recorded = (try? String(contentsOf: recording, encoding: .utf8)) ?? ""
    for text in [result.stdout, result.stderr, recorded] {
      #expect(!text.contains(wrongKey))
      #expect(!text.contains("WrongKey"))
    }
  }

  @Test func theRightKeyIsSentAndAnswersAreTheOracles() async throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(100, in: directory)
    let key = "AIzaRightKey-\(UUID().uuidString)"
    let server = try MockPlacesProcess(
      dataset: FinderFixtures.helsinkiPlaces,
      arguments: ["--api-key", key]
    )
    defer { server.stop() }

    let result = try FinderFixtures.forage(
      ["run"] + Self.arguments(track: track, server: server),
      environment: ["PLACES_API_KEY": key]
    )

    #expect(result.status == 0, "\(result.stderr)")
    let output = try RunOutput(ndjson: result.stdout)
    try Self.expectCorrect(output, failuresAllowed: false)
    #expect(!result.stdout.contains(key) && !result.stderr.contains(key))
  }
}
