import ForagePlaceDataset
import ForageSupport
import ForageTestSupport
import Foundation
import MockPlaces
import Testing

@testable import ForageFinder

/// The finders of one ``PlacesBackend`` share what it learned of the API's page tokens.
@Suite struct SharedSearchCapTests {
  /// A backend refused page tokens learns it once: each finder after the first tried a token
  /// of its own until the provider gave up (6 requests a finder), where the first refusal now
  /// tells them all, and the backend's warning still holds.
  @Test func theFindersOfOneBackendLearnOnceThatPageTokensAreRefused() async throws {
    let dataset = try PlaceDataset.load(contentsOf: TestData.helsinkiPlaces)
    let server = MockHTTPServer.places(dataset: dataset, pageTokenDelay: .seconds(10))
    try server.start()
    defer { server.stop() }
    let backend = PlacesBackend.remote(
      baseURL: server.url,
      provider: .googleLegacy,
      apiKey: nil,
      clock: NetworkTime.virtual.makeClock(),
      sendsVirtualTime: true
    )
    // Thirty fixes a second apart, 10 m apart, northwards from the centre of Helsinki.
    let points = (0..<30).map { index in
      #"<trkpt lat="\#(60.1699 + Double(index) * 0.00009)" lon="24.9384">"#
        + #"<time>2026-06-01T12:00:\#(String(format: "%02d", index))Z</time></trkpt>"#
    }
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("shared-cap-\(UUID().uuidString).gpx")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(
      (#"<gpx version="1.1" creator="test"><trk><trkseg>"# + points.joined()
        + "</trkseg></trk></gpx>").utf8
    ).write(to: url)
    let walk = try WalkFile(url: url)
    for _ in 0..<3 {
      let finder = Finder(
        options: FinderOptions(query: PlacesQuery(limit: 20)),
        middleware: Finder.defaultMiddleware(places: .places(backend))
      )
      let outcome = try await walk.replay(finder)
      #expect(outcome.fatalFailure == nil)
    }
    let pageRequests = server.journal.entries.filter {
      $0.query.contains { $0.name == "pagetoken" }
    }
    #expect(pageRequests.count == 6, "\(pageRequests.count) page requests")
    #expect(backend.refusedPageTokens)
  }
}
