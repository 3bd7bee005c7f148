import ForageHTTP
import ForageSupport
import Foundation
import MockPlaces
import Synchronization
import Testing

@Suite struct RetryTests {
  @Test func honoursRetryAfterSecondsOn429() async throws {
    try await withServer(faults: ["http429:retry-after=2@next:2"]) { server in
      let clock = VirtualClock(recordingSleeps: true)
      let transport = RetryingTransport(HTTPClient(), policy: RetryPolicy(), clock: clock)
      let response = try await transport.send(server.request("/json"))
      #expect(response.status == 200)
      #expect(clock.sleeps == [.seconds(2), .seconds(2)])
      #expect(server.journal.count == 3)
    }
  }

  @Test func honoursRetryAfterAsAnHTTPDate() async throws {
    try await withServer(faults: ["http503:retry-after=date+5@next:1"]) { server in
      let clock = VirtualClock(recordingSleeps: true)
      let transport = RetryingTransport(
        HTTPClient(),
        policy: RetryPolicy(),
        clock: clock,
        date: clock.dates(from: Date())
      )
      #expect(try await transport.send(server.request("/json")).status == 200)
      let slept = try #require(clock.sleeps.first)
      #expect(slept > .seconds(3) && slept <= .seconds(6))
    }
  }

  @Test func stopsWhenTheBudgetWouldBeExceeded() async throws {
    try await withServer(faults: ["http503"]) { server in
      let clock = VirtualClock(recordingSleeps: true)
      let policy = RetryPolicy(
        maxAttempts: 10,
        budget: .seconds(1),
        baseDelay: .milliseconds(400),
        jitter: .none
      )
      let transport = RetryingTransport(HTTPClient(), policy: policy, clock: clock)
      let response = try await transport.send(server.request("/json"))
      #expect(response.status == 503)
      #expect(clock.sleeps == [.milliseconds(400)])
      #expect(server.journal.count == 2)
    }
  }

  @Test func stopsAfterTheMaximumAttempts() async throws {
    try await withServer(faults: ["reset"]) { server in
      let clock = VirtualClock(recordingSleeps: true)
      let transport = RetryingTransport(
        HTTPClient(),
        policy: RetryPolicy(maxAttempts: 3, jitter: .none),
        clock: clock
      )
      #expect(await errorKind(transport, server.request("/json")) == .connectionReset)
      #expect(clock.sleeps == [.milliseconds(200), .milliseconds(400)])
    }
  }

  @Test func retriesTransportFailuresThenSucceeds() async throws {
    try await withServer(faults: ["empty@next:1"]) { server in
      let clock = VirtualClock(recordingSleeps: true)
      let client = HTTPClient()
      let response = try await client.send(
        server.request("/json"),
        retry: RetryPolicy(),
        clock: clock
      )
      #expect(response.status == 200)
      #expect(clock.sleeps.count == 1)
    }
  }

  @Test func doesNotRetryWhatIsNotRetryable() async throws {
    try await withServer(faults: ["http500"]) { server throws in
      let clock = VirtualClock(recordingSleeps: true)
      let transport = RetryingTransport(HTTPClient(), policy: RetryPolicy(), clock: clock)
      #expect(try await transport.send(server.request("/json")).status == 500)
      #expect(clock.sleeps.isEmpty)
      #expect(server.journal.count == 1)
    }
  }

  @Test func givesUpWhenRetryAfterIsTooLong() async throws {
    try await withServer(faults: ["http429:retry-after=600"]) { server throws in
      let clock = VirtualClock(recordingSleeps: true)
      let transport = RetryingTransport(HTTPClient(), policy: RetryPolicy(), clock: clock)
      #expect(try await transport.send(server.request("/json")).status == 429)
      #expect(clock.sleeps.isEmpty)
    }
  }

  @Test func cancellationDuringTheWaitThrowsCancelled() async throws {
    try await withServer(faults: ["http503"]) { server in
      // The task is cancelled as the wait begins.
      let transport = RetryingTransport(
        HTTPClient(),
        policy: RetryPolicy(),
        clock: VirtualClock(),
        onRetry: { _ in withUnsafeCurrentTask { $0?.cancel() } }
      )
      #expect(await errorKind(transport, server.request("/json")) == .cancelled)
    }
  }

  @Test func reportsEachRetryWithTheKeyRedacted() async throws {
    try await withServer(faults: ["http503@next:1"]) { server in
      let reasons = Reasons()
      let transport = RetryingTransport(
        HTTPClient(),
        policy: RetryPolicy(),
        clock: VirtualClock(),
        onRetry: { reasons.append($0.reason) }
      )
      _ = try await transport.send(server.request("/json?key=AIzaSECRET"))
      #expect(reasons.values.count == 1)
      #expect(reasons.values.first?.contains("key=REDACTED") == true)
      #expect(reasons.values.first?.contains("SECRET") == false)
    }
  }

  @Test func jitterIsRepeatableForASeedAndWithinBounds() {
    func delays(_ jitter: RetryPolicy.Jitter, seed: UInt64) -> [Duration] {
      let policy = RetryPolicy(baseDelay: .milliseconds(100), maxDelay: .seconds(2), jitter: jitter)
      var random = SplitMix64(seed: seed)
      var previous: Duration?
      return (0..<8).map { retry in
        let delay = policy.backoff(retry: retry, previous: previous, using: &random)
        previous = delay
        return delay
      }
    }
    let full = delays(.full, seed: 3)
    #expect(full == delays(.full, seed: 3))
    #expect(full != delays(.full, seed: 4))
    for (retry, delay) in full.enumerated() {
      #expect(delay >= .zero && delay <= min(.seconds(2), .milliseconds(100 << retry)))
    }
    #expect(
      delays(.none, seed: 1).prefix(5).map { $0 }
        == [100, 200, 400, 800, 1600].map { .milliseconds($0) }
    )
    #expect(delays(.none, seed: 1).last == .seconds(2))
    for delay in delays(.decorrelated, seed: 9) {
      #expect(delay >= .milliseconds(100) && delay <= .seconds(2))
    }
  }
}

/// Collects retry reasons from the `onRetry` callback.
private final class Reasons: Sendable {
  private let stored = Mutex<[String]>([])

  func append(_ reason: String) {
    stored.withLock { $0.append(reason) }
  }

  var values: [String] { stored.withLock { $0 } }
}
