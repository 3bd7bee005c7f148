extension RetryPolicy {
  /// Runs an operation, trying again as this policy allows, and waiting on `clock` in between.
  ///
  /// The last outcome is given back when retries end: its value, or its error. The operation's
  /// value can be judged too (an HTTP 503 is a response, yet worth another attempt).
  ///
  /// - Parameters:
  ///   - clock: The clock waits happen on (and the ``budget`` is measured on): the continuous
  ///     clock live, a ``VirtualClock`` in tests and replays.
  ///   - seed: The jitter seed for this run; defaults to ``seed``.
  ///   - judge: What an outcome means: ``Verdict/final`` ends the run with it.
  ///   - willRetry: Told of each retried outcome before the wait, with the attempt that gave it
  ///     (from 1) and the wait.
  ///   - cancelled: The error to throw when the task is cancelled during a wait.
  ///   - operation: One attempt.
  /// - Returns: The value of the last attempt.
  /// - Throws: The error of the last attempt, or `cancelled()`.
  public func run<Value, Failure: Error>(
    on clock: any Clock<Duration>,
    seed: UInt64? = nil,
    judge: (Result<Value, Failure>) -> Verdict,
    willRetry: (_ outcome: Result<Value, Failure>, _ attempt: Int, _ wait: Duration) -> Void,
    cancelled: () -> Failure,
    _ operation: () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let elapsed = clock.startStopwatch()
    var random = SplitMix64(seed: seed ?? self.seed)
    var previous: Duration?
    var attempt = 0
    while true {
      attempt += 1
      let outcome: Result<Value, Failure>
      do throws(Failure) {
        outcome = .success(try await operation())
      } catch {
        outcome = .failure(error)
      }
      guard attempt < maxAttempts, case .retryable(let serverWait) = judge(outcome),
        let wait = delay(
          beforeRetry: attempt - 1,
          serverWait: serverWait,
          previous: previous,
          using: &random
        ),
        budget.map({ elapsed() + wait <= $0 }) ?? true
      else { return try outcome.get() }
      willRetry(outcome, attempt, wait)
      do {
        // A policy without backoff (a retry of a retry, say) tries again at once.
        if wait > .zero { try await clock.sleep(for: wait) } else { try Task.checkCancellation() }
      } catch {
        throw cancelled()
      }
      previous = wait
    }
  }
}
