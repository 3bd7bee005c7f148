import ForageGeodesy
import ForageHTTP
import ForageSupport
import Foundation
import MockPlaces
import Testing

@testable import ForageProviders

/// The Swift client through the real libcurl ``HTTPClient`` against the real mock server on
/// 127.0.0.1 port 0: paging, every status, faults, and the "token not valid yet" path.
@Suite struct ClientAgainstServerTests {
  static let key = "AIzaServerTestKey"
  static let search = NearbySearch(
    location: PlacesTestData.center,
    ranking: .prominence(radius: 1000)
  )

  /// A running server and a provider pointed at it.
  struct Setup {
    let server: MockHTTPServer
    let provider: GoogleNearbySearchProvider
    let clock: VirtualClock
  }

  /// Runs `body` with a listening server and a provider pointed at it; the provider waits on a
  /// virtual clock, which the server's page tokens also run on when `sharingClock` (otherwise
  /// they run on the continuous clock). The server shuts down when `body` ends.
  static func withSetup<Value>(
    faults: [String] = [],
    clientKey: String? = key,
    sharingClock: Bool = false,
    pageTokenDelay: Duration = .zero,
    _ body: (Setup) async throws -> Value
  ) async throws -> Value {
    let clock = VirtualClock(recordingSleeps: true)
    let server = MockHTTPServer.places(
      dataset: PlacesTestData.dataset,
      apiKey: key,
      pageTokenDelay: pageTokenDelay,
      clock: sharingClock ? clock : ContinuousClock(),
      faults: try faults.map { try FaultRule(parsing: $0) }
    )
    return try await server.whileListening {
      let provider = GoogleNearbySearchProvider(
        transport: HTTPClient(),
        configuration: .init(
          baseURL: server.url,
          apiKey: clientKey.map(PlacesAPIKey.init),
          timeout: .seconds(5),
          retry: .placesSearch
        ),
        pageToken: PageTokenPolicy(
          firstUseDelay: .zero,
          retryDelay: .milliseconds(250),
          maxAttempts: 10
        ),
        clock: clock
      )
      return try await body(Setup(server: server, provider: provider, clock: clock))
    }
  }

  @Test func pagesThroughSixtyResultsOverSockets() async throws {
    try await Self.withSetup { setup in
      let places = try await setup.provider.searchAllPages(Self.search)
      #expect(places.map(\.id) == PlacesTestData.prominenceOrder)
      let requests = setup.server.journal.entries
      #expect(requests.count == 3)
      #expect(requests[1].queryValue("pagetoken") != nil)
      #expect(requests.allSatisfy { $0.queryValue("key") == "REDACTED" })
    }
  }

  @Test func waitsOutATokenThatIsNotValidYet() async throws {
    try await Self.withSetup(sharingClock: true, pageTokenDelay: .seconds(1)) { setup in
      let places = try await setup.provider.searchAllPages(Self.search)
      #expect(places.count == 60)
      // Each token: tried at once (INVALID_REQUEST), then every 250 ms until 1 s has passed.
      #expect(setup.clock.sleeps == Array(repeating: .milliseconds(250), count: 8))
      #expect(setup.server.journal.count == 1 + 2 * 5)
    }
  }

  @Test func rankByDistanceOverSockets() async throws {
    try await Self.withSetup { setup in
      let places = try await setup.provider.searchAllPages(
        NearbySearch(location: PlacesTestData.center, ranking: .distance, type: "restaurant")
      )
      #expect(places.prefix(4).map(\.id) == ["r00", "r01", "r02", "r03"])
      #expect(places.count == 60)
    }
  }

  @Test(arguments: ["Fish & Chips + Café", "ääni 北京", "50% off"])
  func keywordsRoundTripOverTheWire(keyword: String) async throws {
    try await Self.withSetup { setup in
      let page = try await setup.provider.searchNearby(
        NearbySearch(location: PlacesTestData.center, ranking: .distance, keyword: keyword)
      )
      #expect(page.places.count == 1)
      #expect(setup.server.journal.entries.first?.queryValue("keyword") == keyword)
    }
  }

  @Test func reportsZeroResultsAsAnEmptyPage() async throws {
    try await Self.withSetup { setup in
      let page = try await setup.provider.searchNearby(
        NearbySearch(
          location: Coordinate(unchecked: 0, longitude: 0),
          ranking: .prominence(radius: 100)
        )
      )
      #expect(page == PlacesPage(places: []))
    }
  }

  @Test func reportsAnUnknownPageTokenAsInvalidRequest() async throws {
    try await Self.withSetup { setup in
      await #expect(
        throws: PlacesError.invalidRequest(
          message: "the page token was still not accepted after 10 attempts"
        )
      ) {
        try await setup.provider.nextPage(PageToken(value: "bm90LWEtdG9rZW4", receivedAt: .zero))
      }
      #expect(setup.server.journal.count == 10)
    }
  }

  @Test func aWrongKeyIsDeniedOnceAndNeverEchoed() async throws {
    try await Self.withSetup(clientKey: "AIzaWrongKey") { setup in
      do throws(PlacesError) {
        _ = try await setup.provider.searchNearby(Self.search)
        Issue.record("expected REQUEST_DENIED")
      } catch {
        #expect(error == .requestDenied(message: "The provided API key is invalid. "))
        #expect(error.isFatal)
        #expect(!"\(error)".contains("AIzaWrongKey"))
      }
      #expect(setup.server.journal.count == 1)
    }
  }

  @Test(arguments: [
    "over-query-limit", "unknown-error", "http503:retry-after=2", "http429", "reset", "empty",
    "garbage", "truncated", "html",
  ])
  func retriesATransientFaultThenSucceeds(fault: String) async throws {
    try await Self.withSetup(faults: ["\(fault)@next:1"]) { setup in
      let page = try await setup.provider.searchNearby(Self.search)
      #expect(page.places.count == 20)
      #expect(setup.server.journal.count == 2)
      let expectedWait: Duration =
        fault.hasPrefix("http503")
        ? .seconds(2) : fault == "http429" ? .seconds(1) : .milliseconds(500)
      #expect(setup.clock.sleeps == [expectedWait])
    }
  }

  @Test(arguments: [
    ("over-query-limit", PlacesError.overQueryLimit(message: nil)),
    ("unknown-error", .unknownError(message: nil)),
  ])
  func givesUpOnAPersistentStatusFault(fault: String, expected: PlacesError) async throws {
    try await Self.withSetup(faults: [fault]) { setup in
      await #expect {
        try await setup.provider.searchNearby(Self.search)
      } throws: { error in
        guard let error = error as? PlacesError else { return false }
        switch (error, expected) {
        case (.overQueryLimit, .overQueryLimit), (.unknownError, .unknownError): return true
        default: return false
        }
      }
      #expect(setup.server.journal.count == 3)
    }
  }

  @Test func doesNotRetryAClientError() async throws {
    try await Self.withSetup(faults: ["http404"]) { setup in
      await #expect {
        try await setup.provider.searchNearby(Self.search)
      } throws: { error in
        if case .httpStatus(404, _) = error as? PlacesError { return true }
        if case .unexpectedStatus = error as? PlacesError { return true }
        return false
      }
      #expect(setup.server.journal.count == 1)
    }
  }

  @Test func placesNewOverSocketsMatchesTheLegacyFirstPage() async throws {
    try await Self.withSetup { setup in
      let new = PlacesNewProvider(
        transport: HTTPClient(),
        configuration: .init(baseURL: setup.server.url, apiKey: PlacesAPIKey(Self.key)),
        clock: VirtualClock()
      )
      let legacy = try await setup.provider.searchNearby(Self.search)
      let other = try await new.searchNearby(Self.search)
      #expect(other.places.map { $0.with(provenance: .googleNearbySearch) } == legacy.places)
      let entry = try #require(setup.server.journal.entries.last)
      #expect(entry.method == "POST")
      #expect(entry.header("X-Goog-Api-Key") == "REDACTED")
    }
  }

  @Test func manySearchesInFlightAtOnce() async throws {
    try await Self.withSetup { setup in
      let results = try await withThrowingTaskGroup(of: [String].self) { group in
        for index in 0..<30 {
          group.addTask {
            try await setup.provider.searchNearby(
              NearbySearch(
                location: PlacesTestData.center,
                ranking: .prominence(radius: Double(100 + index))
              )
            ).places.map(\.id)
          }
        }
        return try await group.reduce(into: [[String]]()) { $0.append($1) }
      }
      #expect(results.count == 30)
      #expect(results.allSatisfy { !$0.isEmpty })
      #expect(setup.server.journal.count == 30)
    }
  }
}
