import Synchronization

/// Waits for a call to the database at most a given time, so that a caller is never left
/// waiting for an answer that will not come.
///
/// PostgresNIO 1.33.2 can leave a query unanswered for ever when the server ends the
/// connection under it mid-transaction (`pg_terminate_backend`, a restart): the call's task is
/// suspended, no thread runs, and cancelling it does nothing. The caller stops waiting at the
/// deadline instead, `expired` closes the connection, and the work left behind ends whenever
/// PostgresNIO lets it.
enum PostgresDeadline {
  /// The caller's continuation, resumed once: by the call or by the deadline.
  private final class Waiter<T: Sendable>: Sendable {
    let slot = Mutex<CheckedContinuation<T, any Error>?>(nil)
  }

  /// The call did not end in time.
  struct Expired: Error {}

  /// `body`'s result, or ``Expired`` after `limit` on `clock`, `expired` having been called.
  static func run<T: Sendable>(
    within limit: Duration,
    on clock: any Clock<Duration>,
    expired: @escaping @Sendable () -> Void,
    _ body: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    let waiter = Waiter<T>()
    return try await withCheckedThrowingContinuation { continuation in
      waiter.slot.withLock { $0 = continuation }
      let timer = Task {
        try? await clock.sleep(for: limit)
        guard !Task.isCancelled, let waiting = waiter.slot.withLock({ $0.take() }) else { return }
        expired()
        waiting.resume(throwing: Expired())
      }
      Task {
        let result: Result<T, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        timer.cancel()
        waiter.slot.withLock { $0.take() }?.resume(with: result)
      }
    }
  }
}
