import Foundation
import Testing

@testable import ForagePlaces

@Suite struct PlacesRetryPolicyTests {
  @Test func backsOffExponentiallyUpToTheMaximum() {
    let policy = PlacesRetryPolicy(
      maxAttempts: 10,
      initialDelay: .milliseconds(500),
      maximumDelay: .seconds(3)
    )
    let delays = (1...5).map { policy.delay(afterAttempt: $0, retryAfter: nil) }
    #expect(delays == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3)])
  }

  @Test func letsALongerRetryAfterWinButCapsIt() {
    let policy = PlacesRetryPolicy(maxAttempts: 3, maximumDelay: .seconds(30))
    #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(7)) == .seconds(7))
    #expect(policy.delay(afterAttempt: 1, retryAfter: .milliseconds(10)) == .milliseconds(500))
    #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(3600)) == .seconds(30))
  }

  @Test func anObserverBoundAroundACallHearsEveryRetryBeforeTheWait() async throws {
    let policy = PlacesRetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(500))
    let clock = ManualPlacesClock()
    let heard = HeardRetries()
    var calls = 0
    let value = try await PlacesRetryObserver.withObserver({ error, attempt, wait in
      heard.append("\(error) #\(attempt) after \(wait) at \(clock.now)")
    }) { () async throws(PlacesError) -> Int in
      try await policy.run(on: clock.clock) { () async throws(PlacesError) -> Int in
        calls += 1
        if calls < 3 { throw PlacesError.overQueryLimit(message: nil) }
        return 42
      }
    }
    #expect(value == 42)
    #expect(
      heard.lines == [
        "OVER_QUERY_LIMIT #1 after 0.5 seconds at 0.0 seconds",
        "OVER_QUERY_LIMIT #2 after 1.0 seconds at 0.5 seconds",
      ]
    )
    // Outside the binding nobody is told.
    _ = try? await policy.run(on: clock.clock) { () async throws(PlacesError) -> Int in
      throw PlacesError.unknownError(message: nil)
    }
    #expect(heard.lines.count == 2)
  }

  @Test func alwaysAllowsOneAttempt() {
    #expect(PlacesRetryPolicy(maxAttempts: 0).maxAttempts == 1)
    #expect(PlacesRetryPolicy.never.maxAttempts == 1)
  }
}

@Suite struct RetryAfterParsingTests {
  @Test func readsDeltaSecondsAndHTTPDates() {
    #expect(GoogleNearbySearchProvider.retryAfter("3") == .seconds(3))
    #expect(GoogleNearbySearchProvider.retryAfter(" 0.5 ") == .milliseconds(500))
    #expect(GoogleNearbySearchProvider.retryAfter("-1") == nil)
    #expect(GoogleNearbySearchProvider.retryAfter("soon") == nil)
    #expect(GoogleNearbySearchProvider.retryAfter(nil) == nil)
    let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
    #expect(
      GoogleNearbySearchProvider.retryAfter("Wed, 21 Oct 2015 07:28:05 GMT", now: now)
        == .seconds(5)
    )
    #expect(
      GoogleNearbySearchProvider.retryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now: now) == .zero
    )
  }
}

/// Collects what a retry observer heard.
private final class HeardRetries: @unchecked Sendable {
  private let lock = NSLock()
  private var heard: [String] = []

  func append(_ line: String) { lock.withLock { heard.append(line) } }

  var lines: [String] { lock.withLock { heard } }
}
