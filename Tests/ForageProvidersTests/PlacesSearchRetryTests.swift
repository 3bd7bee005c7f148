import ForageHTTP
import ForageSupport
import Foundation
import Synchronization
import Testing

@testable import ForageProviders

/// The providers' retry policy (``RetryPolicy/placesSearch``) and how retries are reported.
@Suite struct PlacesSearchRetryTests {
  /// The wait before retry `retry` with `serverWait`, from a deterministic policy.
  private func delay(
    _ policy: RetryPolicy,
    beforeRetry retry: Int,
    serverWait: Duration? = nil
  ) -> Duration? {
    var random = SplitMix64(seed: 1)
    return policy.delay(
      beforeRetry: retry,
      serverWait: serverWait,
      previous: nil,
      using: &random
    )
  }

  @Test func backsOffExponentiallyUpToTheMaximum() {
    var policy = RetryPolicy.placesSearch
    policy.maxAttempts = 10
    policy.maxDelay = .seconds(3)
    let delays = (0..<5).map { delay(policy, beforeRetry: $0) }
    #expect(delays == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3)])
  }

  @Test func letsALongerRetryAfterWinButCapsIt() {
    let policy = RetryPolicy.placesSearch
    #expect(delay(policy, beforeRetry: 0, serverWait: .seconds(7)) == .seconds(7))
    #expect(delay(policy, beforeRetry: 0, serverWait: .milliseconds(10)) == .milliseconds(500))
    #expect(delay(policy, beforeRetry: 0, serverWait: .seconds(3600)) == .seconds(30))
  }

  @Test func anObserverBoundAroundACallHearsEveryRetryBeforeTheWait() async throws {
    let policy = RetryPolicy.placesSearch
    let clock = VirtualClock()
    let heard = Mutex<[String]>([])
    var calls = 0
    let value = try await PlacesRetryObserver.withObserver({ error, attempt, wait in
      let line = "\(error) #\(attempt) after \(wait) at \(clock.now.offset)"
      heard.withLock { $0.append(line) }
    }) { () async throws(PlacesError) -> Int in
      try await policy.search(on: clock) { () async throws(PlacesError) -> Int in
        calls += 1
        if calls < 3 { throw PlacesError.overQueryLimit(message: nil) }
        return 42
      }
    }
    #expect(value == 42)
    #expect(
      heard.withLock { $0 } == [
        "OVER_QUERY_LIMIT #1 after 0.5 seconds at 0.0 seconds",
        "OVER_QUERY_LIMIT #2 after 1.0 seconds at 0.5 seconds",
      ]
    )
    // Outside the binding nobody is told.
    _ = try? await policy.search(on: clock) { () async throws(PlacesError) -> Int in
      throw PlacesError.unknownError(message: nil)
    }
    #expect(heard.withLock { $0.count } == 2)
  }

  @Test func retriesOnlyWhatIsRetryable() async {
    let clock = VirtualClock(recordingSleeps: true)
    var calls = 0
    await #expect(throws: PlacesError.requestDenied(message: nil)) {
      try await RetryPolicy.placesSearch.search(on: clock) { () async throws(PlacesError) in
        calls += 1
        throw PlacesError.requestDenied(message: nil)
      }
    }
    #expect(calls == 1)
    #expect(clock.sleeps.isEmpty)
  }

  @Test func alwaysAllowsOneAttempt() {
    #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
    #expect(RetryPolicy.never.maxAttempts == 1)
  }
}
