import ForageSupport
import Synchronization
import Testing

@testable import ForagePostgresCache

/// The wait for a call that may never end: bounded by its limit and by its task's cancellation.
@Suite struct PostgresDeadlineTests {
  /// A call that ends only when the test lets it, as a PostgresNIO query on a closed
  /// connection never does.
  final class StuckCall: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    let abandonments = Mutex(0)

    init() { (stream, continuation) = AsyncStream<Void>.makeStream() }

    /// Waits until ``release()``.
    func wait() async -> Int {
      for await _ in stream {}
      return 1
    }

    func release() { continuation.finish() }

    var abandoned: @Sendable () -> Void { { self.abandonments.withLock { $0 += 1 } } }
  }

  @Test func aCallThatEndsInTimeGivesItsResult() async throws {
    let call = StuckCall()
    let value = try await PostgresDeadline.run(
      within: .seconds(3600),
      on: ContinuousClock(),
      abandoned: call.abandoned
    ) { 42 }
    #expect(value == 42)
    #expect(call.abandonments.withLock { $0 } == 0)
  }

  @Test func aCallThatDoesNotEndIsGivenUpAtTheLimit() async throws {
    let call = StuckCall()
    // A virtual clock's sleep returns at once: the limit has passed before the call ends.
    await #expect(throws: PostgresDeadline.Expired.self) {
      try await PostgresDeadline.run(
        within: .seconds(30),
        on: VirtualClock(),
        abandoned: call.abandoned
      ) { await call.wait() }
    }
    #expect(call.abandonments.withLock { $0 } == 1)
    call.release()
  }

  @Test func aCancelledCallerStopsWaitingAtOnce() async throws {
    let call = StuckCall()
    let waiting = Task {
      try await PostgresDeadline.run(
        within: .seconds(3600),
        on: ContinuousClock(),
        abandoned: call.abandoned
      ) { await call.wait() }
    }
    waiting.cancel()
    await #expect(throws: CancellationError.self) { try await waiting.value }
    #expect(call.abandonments.withLock { $0 } == 1)
    call.release()
  }

  @Test func aCallerCancelledBeforeItAsksDoesNotWait() async throws {
    let call = StuckCall()
    let waiting = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await PostgresDeadline.run(
        within: .seconds(3600),
        on: ContinuousClock(),
        abandoned: call.abandoned
      ) { await call.wait() }
    }
    await #expect(throws: CancellationError.self) { try await waiting.value }
    #expect(call.abandonments.withLock { $0 } == 1)
    call.release()
  }
}
