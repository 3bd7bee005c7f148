import ForageGeodesy
import ForageHTTP
import ForageProviders
import ForageSupport
import Foundation
import Testing

/// A wait the API asks of one provider (`Retry-After`) holds back the other providers that
/// share its gate (a fleet's receivers), on their own clocks; providers with gates of their own
/// go on.
@Suite struct RetryAfterGateTests {
  static let search = NearbySearch(
    location: Coordinate(unchecked: 60.17, longitude: 24.94),
    ranking: .distance,
    type: "restaurant"
  )

  /// A provider of Places API (New) answering from `answers`, retrying as `retry` says.
  static func provider(
    _ answers: [ScriptedTransport.Answer],
    clock: VirtualClock,
    gate: RetryAfterGate?,
    retry: RetryPolicy = .placesSearch
  ) -> (PlacesNewProvider, ScriptedTransport) {
    let transport = ScriptedTransport(answers)
    let provider = PlacesNewProvider(
      transport: transport,
      configuration: .init(
        baseURL: URL(string: "http://127.0.0.1:9")!,
        apiKey: PlacesAPIKey("AIzaGate"),
        retry: retry,
        retryAfterGate: gate
      ),
      clock: clock
    )
    return (provider, transport)
  }

  /// One attempt a search, so that the refused search ends at once and the wait seen is the
  /// other provider's.
  static let once = RetryPolicy(
    maxAttempts: 1,
    budget: nil,
    baseDelay: .zero,
    maxDelay: .zero,
    jitter: .none,
    maxRetryAfter: .seconds(30)
  )

  /// Every wait the API may ask, shared or not: the other provider waits what was asked (cut
  /// to 30 s, as the provider asked cuts it) before its request when the gate is shared, and not
  /// at all when it is not.
  @Test(arguments: [1, 7, 30, 3_600], [true, false])
  func aWaitAskedOfOneProviderHoldsBackTheOthersSharingItsGate(
    seconds: Int,
    shared: Bool
  )
    async throws
  {
    let clock = VirtualClock(recordingSleeps: true)
    let gate = shared ? RetryAfterGate(clock: clock) : nil
    let (first, _) = Self.provider(
      [.json("{}", status: 429, headers: [("Retry-After", "\(seconds)")])],
      clock: clock,
      gate: gate,
      retry: Self.once
    )
    let (second, transport) = Self.provider([.json("{}")], clock: clock, gate: gate)
    await #expect(throws: PlacesError.self) { try await first.searchNearby(Self.search) }
    let page = try await second.searchNearby(Self.search)
    #expect(page.places.isEmpty)
    #expect(transport.requests.count == 1)
    #expect(clock.sleeps == (shared ? [.seconds(min(seconds, 30))] : []))
  }

  /// A provider that got the answer waits it once, not again at the gate.
  @Test func theProviderAskedWaitsOnce() async throws {
    let clock = VirtualClock(recordingSleeps: true)
    let gate = RetryAfterGate(clock: clock)
    let (provider, transport) = Self.provider(
      [.json("{}", status: 429, headers: [("Retry-After", "5")]), .json("{}")],
      clock: clock,
      gate: gate
    )
    _ = try await provider.searchNearby(Self.search)
    #expect(transport.requests.count == 2)
    #expect(clock.sleeps == [.seconds(5)])
  }

  /// A shorter wait asked later does not open the gate sooner.
  @Test func aShorterWaitDoesNotOpenTheGateSooner() {
    let clock = VirtualClock()
    let gate = RetryAfterGate(clock: clock)
    gate.close(for: .seconds(10))
    gate.close(for: .seconds(2))
    #expect(gate.remaining == .seconds(10))
    clock.advance(by: .seconds(4))
    #expect(gate.remaining == .seconds(6))
    clock.advance(by: .seconds(6))
    #expect(gate.remaining == .zero)
  }
}
