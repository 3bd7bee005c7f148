import ForagePlaceDataset
import ForageTestSupport
import Foundation
import MockPlaces
import Testing

/// `forage run` against a Nearby Search whose page tokens become valid later than forage waits
/// (here 10 s, against Google's 2): every fix is still answered, each as one search per fix
/// would answer it, the tokens are not asked for again and again, and one line says so.
@Suite struct PageTokenRefusalTests {
  @Test func anAPIThatNeverAcceptsPageTokensStillAnswersEveryFix() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 10, count: 120, in: directory).path
    let places = MockHTTPServer.places(
      dataset: try PlaceDataset.load(contentsOf: FinderFixtures.helsinkiPlaces),
      pageTokenDelay: .seconds(10)
    )
    try places.start()
    defer { places.stop() }
    // Page tokens are the legacy API's.
    let base = [
      "--track", track, "--api-base", places.url.absoluteString, "--provider", "google-legacy",
    ]
    let slow = base + ["--network-time", "virtual", "--limit", "20"]
    let result = try FinderFixtures.forage(["run"] + slow)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("never accepted a next_page_token"))
    let coverage = try RunOutput(ndjson: result.stdout)
    let everyFix = try FinderFixtures.run(slow + ["--query-policy", "every-fix"])
    #expect(coverage.answeredFixes.count == 120)
    #expect(PlacesCacheTests.answers(coverage) == PlacesCacheTests.answers(everyFix))
    // One token was tried until the provider gave up (6 requests); no other was asked for.
    let pageRequests = places.journal.entries.filter {
      $0.query.contains { $0.name == "pagetoken" }
    }
    #expect(pageRequests.count == 6, "\(pageRequests.count) page requests")
  }

  /// K above one page, with the tokens refused: each search returns 20 places, so K is beyond
  /// what one search returns and is answered from the union, exactly (it was the K nearest of
  /// whatever the searches had returned: a farther place in a nearer one's stead, exit 0).
  @Test(arguments: [21, 40, 60])
  func kAboveOnePageIsStillExactWhenPageTokensAreRefused(limit: Int) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 10, count: 60, in: directory).path
    let places = MockHTTPServer.places(
      dataset: try PlaceDataset.load(contentsOf: FinderFixtures.helsinkiPlaces),
      pageTokenDelay: .seconds(10)
    )
    try places.start()
    defer { places.stop() }
    let result = try FinderFixtures.forage([
      "run", "--track", track, "--api-base", places.url.absoluteString, "--provider",
      "google-legacy", "--network-time", "virtual", "--limit", "\(limit)",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("never accepted a next_page_token"))
    let output = try RunOutput(ndjson: result.stdout)
    #expect(output.answeredFixes == Array(0..<60))
    let oracle = try FinderOracle(dataset: FinderFixtures.helsinkiPlaces, limit: limit)
    let mismatches = try oracle.mismatches(in: output)
    #expect(mismatches.isEmpty, "\(mismatches.count) wrong answers: \(mismatches.prefix(3))")
  }
}
