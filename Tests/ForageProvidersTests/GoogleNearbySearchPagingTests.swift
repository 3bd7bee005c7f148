import ForageGeodesy
import ForageHTTP
import ForageSupport
import Foundation
import Testing

@testable import ForageProviders

@Suite struct GoogleNearbySearchPagingTests {
  private let search = NearbySearch(
    location: Coordinate(unchecked: 60.17, longitude: 24.94),
    ranking: .prominence(radius: 500)
  )

  private func provider(
    _ transport: ScriptedTransport,
    clock: VirtualClock,
    retry: RetryPolicy = .placesSearch
  ) -> GoogleNearbySearchProvider {
    GoogleNearbySearchProvider(
      transport: transport,
      configuration: .init(apiKey: PlacesAPIKey("AIzaKey"), retry: retry),
      clock: clock
    )
  }

  @Test func pagesThroughThreeTokensToSixty() async throws {
    let transport = ScriptedTransport([
      .page(0, 20, token: "t1"), .page(20, 20, token: "t2"), .page(40, 20, token: "t3"),
    ])
    let clock = VirtualClock(recordingSleeps: true)
    let places = try await provider(transport, clock: clock).searchAllPages(search)
    #expect(places.map(\.id) == (0..<60).map { "p\($0)" })
    // The third page's token is not followed: 60 is the cap.
    #expect(transport.requests.count == 3)
    #expect(transport.requests[1].url.query == "pagetoken=t1&key=AIzaKey")
    #expect(clock.sleeps == [.milliseconds(1500), .milliseconds(1500)])
  }

  @Test func waitsOnlyTheRestOfTheFirstUseDelay() async throws {
    let transport = ScriptedTransport([.page(0, 20, token: "t1"), .page(20, 5)])
    let clock = VirtualClock(recordingSleeps: true)
    let provider = provider(transport, clock: clock)
    let first = try await provider.searchNearby(search)
    clock.advance(by: .seconds(1))
    let second = try await provider.nextPage(try #require(first.nextPageToken))
    #expect(second.places.count == 5)
    #expect(clock.sleeps == [.milliseconds(500)])
  }

  @Test func retriesATokenThatIsNotValidYet() async throws {
    let transport = ScriptedTransport([
      .page(0, 20, token: "t1"), .status("INVALID_REQUEST"), .status("INVALID_REQUEST"),
      .page(20, 3),
    ])
    let clock = VirtualClock(recordingSleeps: true)
    let places = try await provider(transport, clock: clock).searchAllPages(search)
    #expect(places.count == 23)
    #expect(clock.sleeps == [.milliseconds(1500), .milliseconds(500), .milliseconds(500)])
    #expect(
      transport.requests.dropFirst().allSatisfy { $0.url.query == "pagetoken=t1&key=AIzaKey" }
    )
  }

  @Test func givesUpOnATokenThatNeverBecomesValid() async throws {
    let transport = ScriptedTransport(
      [.page(0, 20, token: "t1")] + Array(repeating: .status("INVALID_REQUEST"), count: 6)
    )
    let clock = VirtualClock(recordingSleeps: true)
    await #expect(
      throws: PlacesError.invalidRequest(
        message: "the page token was still not accepted after 6 attempts"
      )
    ) {
      try await provider(transport, clock: clock).searchAllPages(search)
    }
    #expect(transport.requests.count == 7)
  }

  @Test func aTokenRefusedLongAfterItArrivedHasExpiredAndIsNotAskedAgain() async throws {
    let transport = ScriptedTransport([
      .page(0, 20, token: "t1"), .status("INVALID_REQUEST"), .status("INVALID_REQUEST"),
    ])
    let clock = VirtualClock(recordingSleeps: true)
    let provider = provider(transport, clock: clock)
    let first = try await provider.searchNearby(search)
    let token = try #require(first.nextPageToken)
    // Fetched later, when a fix needed it: a refusal then means the token expired.
    clock.advance(by: .seconds(30))
    #expect(provider.mayStillUse(token))
    await #expect(
      throws: PlacesError.invalidRequest(
        message: "the page token was refused 30 s after it arrived"
      )
    ) {
      try await provider.nextPage(token)
    }
    #expect(transport.requests.count == 2)
    #expect(clock.sleeps.isEmpty)
  }

  @Test func aTokenOlderThanItsLifetimeIsNotUsed() async throws {
    let transport = ScriptedTransport([.page(0, 20, token: "t1")])
    let clock = VirtualClock(recordingSleeps: true)
    let provider = provider(transport, clock: clock)
    let token = try #require(try await provider.searchNearby(search).nextPageToken)
    clock.advance(by: PageTokenPolicy.standardLifetime)
    #expect(provider.mayStillUse(token))
    clock.advance(by: .milliseconds(1))
    #expect(!provider.mayStillUse(token))
  }

  @Test func doesNotRetryAnInvalidFirstRequest() async throws {
    let transport = ScriptedTransport([.status("INVALID_REQUEST", message: "Invalid request.")])
    let clock = VirtualClock(recordingSleeps: true)
    await #expect(throws: PlacesError.invalidRequest(message: "Invalid request.")) {
      try await provider(transport, clock: clock).searchNearby(search)
    }
    #expect(transport.requests.count == 1)
    #expect(clock.sleeps.isEmpty)
  }

  @Test func retriesOverQueryLimitAndUnknownErrorWithBackoff() async throws {
    let transport = ScriptedTransport([
      .status("OVER_QUERY_LIMIT"), .status("UNKNOWN_ERROR"), .page(0, 2),
    ])
    let clock = VirtualClock(recordingSleeps: true)
    let page = try await provider(transport, clock: clock).searchNearby(search)
    #expect(page.places.count == 2)
    #expect(clock.sleeps == [.milliseconds(500), .seconds(1)])
  }

  @Test func stopsRetryingWhenAttemptsRunOut() async throws {
    let transport = ScriptedTransport(Array(repeating: .status("OVER_QUERY_LIMIT"), count: 5))
    let clock = VirtualClock(recordingSleeps: true)
    await #expect(throws: PlacesError.overQueryLimit(message: nil)) {
      try await provider(transport, clock: clock).searchNearby(search)
    }
    #expect(transport.requests.count == 3)
  }

  @Test func neverRetriesADeniedKey() async throws {
    let transport = ScriptedTransport([
      .status("REQUEST_DENIED", message: "The provided API key is invalid.")
    ])
    let clock = VirtualClock(recordingSleeps: true)
    await #expect(throws: PlacesError.requestDenied(message: "The provided API key is invalid.")) {
      try await provider(transport, clock: clock).searchNearby(search)
    }
    #expect(transport.requests.count == 1)
  }

  @Test func honoursRetryAfterAndRetriesTransportFailures() async throws {
    let transport = ScriptedTransport([
      .json("busy", status: 503, headers: [("Retry-After", "4")]),
      .failure(HTTPError(.connectionReset, "reset by peer")),
      .page(0, 1),
    ])
    let clock = VirtualClock(recordingSleeps: true)
    var retry = RetryPolicy.placesSearch
    retry.maxAttempts = 4
    let page = try await provider(transport, clock: clock, retry: retry).searchNearby(search)
    #expect(page.places.count == 1)
    #expect(clock.sleeps == [.seconds(4), .seconds(1)])
  }

  @Test func reportsTransportFailuresWithTheKeyRedacted() async throws {
    let transport = ScriptedTransport([
      .failure(HTTPError(.tls, "certificate rejected for https://h/x?key=AIzaKey&y=1"))
    ])
    do {
      _ = try await provider(transport, clock: VirtualClock(recordingSleeps: true)).searchNearby(
        search
      )
      Issue.record("expected a failure")
    } catch {
      #expect(
        error
          == .transport(HTTPError(.tls, "certificate rejected for https://h/x?key=REDACTED&y=1"))
      )
      #expect(!error.isRetryable)
    }
  }

  @Test func reportsCancellationWhileWaiting() async throws {
    let transport = ScriptedTransport([.status("OVER_QUERY_LIMIT"), .page(0, 1)])
    let clock = VirtualClock(recordingSleeps: true)
    let provider = provider(transport, clock: clock)
    let task = Task { () async throws(PlacesError) -> PlacesPage in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await provider.searchNearby(search)
    }
    await #expect(throws: PlacesError.cancelled) { try await task.value }
    #expect(transport.requests.count == 1)
  }

  @Test func mapsACancelledTransferToCancelled() async throws {
    let transport = ScriptedTransport([.failure(HTTPError(.cancelled, "stopped"))])
    await #expect(throws: PlacesError.cancelled) {
      try await provider(transport, clock: VirtualClock(recordingSleeps: true)).searchNearby(search)
    }
  }

  @Test func dropsDuplicatesAcrossPagesAndHonoursALimit() async throws {
    let transport = ScriptedTransport([.page(0, 20, token: "t1"), .page(15, 20)])
    let places = try await provider(transport, clock: VirtualClock(recordingSleeps: true))
      .searchAllPages(search)
    #expect(places.map(\.id) == (0..<35).map { "p\($0)" })
    let limited = ScriptedTransport([.page(0, 20, token: "t1")])
    let few = try await provider(limited, clock: VirtualClock(recordingSleeps: true))
      .searchAllPages(
        search,
        limit: 5
      )
    #expect(few.count == 5)
    #expect(limited.requests.count == 1)
  }
}
