import Synchronization

/// Waits for a call to the database at most a given time, and no longer than its task is not
/// cancelled, so that a caller is never left waiting for an answer that will not come.
///
/// PostgresNIO 1.33.2 never answers a query written to a connection that has closed: the
/// query's promise is never completed, the call's task stays suspended, and cancelling it does
/// nothing. Forage sends no query on a connection it knows is closed (see
/// `PostgresConnection.transaction(logger:_:)`), but a connection can close between that check
/// and the query: the server ends it (`pg_terminate_backend`, a restart) or the cache closes
/// the listener's connection between two of its reads. The caller stops waiting at the
/// deadline or when its task is cancelled instead, `abandoned` closes the connection, and the
/// work left behind stays suspended (a task and a closed connection, no thread) until
/// PostgresNIO lets it end.
enum PostgresDeadline {
  /// The caller's continuation, resumed once: by the call, the deadline or the cancellation;
  /// and the deadline's timer.
  private final class Waiter<T: Sendable>: Sendable {
    let slot = Mutex<CheckedContinuation<T, any Error>?>(nil)
    let timer = Mutex<Task<Void, Never>?>(nil)

    /// Resumes the caller with `result` unless it was resumed already; whether it was now.
    @discardableResult
    func resume(with result: Result<T, any Error>) -> Bool {
      guard let waiting = slot.withLock({ $0.take() }) else { return false }
      waiting.resume(with: result)
      return true
    }
  }

  /// The call did not end in time.
  struct Expired: Error {}

  /// `body`'s result; or ``Expired`` after `limit` on `clock`, or `CancellationError` once the
  /// calling task is cancelled, `abandoned` having been called. A result `body` gives after
  /// the caller stopped waiting goes to `late` (a connection made too late, to be closed).
  static func run<T: Sendable>(
    within limit: Duration,
    on clock: any Clock<Duration>,
    abandoned: @escaping @Sendable () -> Void,
    late: @escaping @Sendable (T) -> Void = { _ in },
    _ body: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    let waiter = Waiter<T>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        waiter.slot.withLock { $0 = continuation }
        // Cancelled before the continuation was there for the handler to resume.
        if Task.isCancelled {
          if waiter.resume(with: .failure(CancellationError())) { abandoned() }
          return
        }
        waiter.timer.withLock {
          $0 = Task {
            try? await clock.sleep(for: limit)
            guard !Task.isCancelled, waiter.resume(with: .failure(Expired())) else { return }
            abandoned()
          }
        }
        Task {
          let result: Result<T, any Error>
          do { result = .success(try await body()) } catch { result = .failure(error) }
          waiter.timer.withLock { $0 }?.cancel()
          if !waiter.resume(with: result), case .success(let value) = result { late(value) }
        }
      }
    } onCancel: {
      waiter.timer.withLock { $0 }?.cancel()
      if waiter.resume(with: .failure(CancellationError())) { abandoned() }
    }
  }
}
