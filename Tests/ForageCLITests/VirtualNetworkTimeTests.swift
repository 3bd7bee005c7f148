import ForageTestSupport
import Foundation
import Testing

/// `forage run --network-time virtual` against `mock-places` started as docs/mock-server.md starts it
/// (Google's page-token delay of 2 s, faults on a fifth of the requests): the run passes the
/// page tokens without waiting in real time, and gets every answer right.
@Suite struct VirtualNetworkTimeTests {
  /// docs/mock-server.md's command line for the mock, but for the dataset's path.
  static let readmeArguments = [
    "--dataset", FinderFixtures.helsinkiPlaces.path, "--fault", "http503@fraction:0.2:seed=7",
  ]

  /// The journal's requests that asked for a page with a token.
  static func pageTokenRequests(_ server: MockPlacesProcess) async throws -> [[String: Any]] {
    let journal = try await server.admin("/__admin/requests")["requests"] as? [[String: Any]]
    return (journal ?? []).filter { entry in
      let query = entry["query"] as? [[String: Any]] ?? []
      return query.contains { $0["name"] as? String == "pagetoken" }
    }
  }

  /// The value of a journal entry's header.
  static func header(_ name: String, of entry: [String: Any]) -> String? {
    let headers = entry["headers"] as? [[String: Any]] ?? []
    return headers.first { ($0["name"] as? String)?.lowercased() == name.lowercased() }?["value"]
      as? String
  }

  @Test func aVirtualRunPassesTheMocksPageTokensAsTheReadmeStartsIt() async throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 20, count: 60, in: directory)
    let server = try MockPlacesProcess(Self.readmeArguments)
    defer { server.stop() }

    let started = ContinuousClock.now
    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--api-base", server.url.absoluteString,
      "--network-time", "virtual", "--provider", "google-legacy",
    ])
    let elapsed = ContinuousClock.now - started
    #expect(result.status == 0, "\(result.stderr)")
    let output = try RunOutput(ndjson: result.stdout)
    #expect(!output.named("places").isEmpty)
    #expect(Set(output.answeredFixes) == Set(output.deliveredFixes))
    let oracle = try FinderOracle(dataset: FinderFixtures.helsinkiPlaces)
    #expect(try oracle.mismatches(in: output).isEmpty)

    // Pages were asked for, each telling the time on forage's virtual clock, and some were
    // refused as too early (INVALID_REQUEST, as Google does): the delay was waited out in
    // virtual time, not real time.
    let pages = try await Self.pageTokenRequests(server)
    #expect(!pages.isEmpty)
    let told = pages.compactMap { Self.header("Forage-Virtual-Time", of: $0).flatMap(Double.init) }
    #expect(told.count == pages.count)
    #expect(elapsed < .seconds(Double(pages.count) * 1.5), "\(elapsed) for \(pages.count) pages")
  }

  @Test func aRealTimeRunTellsNoTime() async throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(3, in: directory)
    let server = try MockPlacesProcess(["--dataset", FinderFixtures.helsinkiPlaces.path])
    defer { server.stop() }
    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--api-base", server.url.absoluteString,
      "--network-time", "real", "--provider", "google-legacy",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let journal = try await server.admin("/__admin/requests")["requests"] as? [[String: Any]]
    let requests = try #require(journal)
    #expect(!requests.isEmpty)
    #expect(requests.allSatisfy { Self.header("Forage-Virtual-Time", of: $0) == nil })
    #expect(!(try await Self.pageTokenRequests(server)).isEmpty, "no page was asked for")
  }
}
