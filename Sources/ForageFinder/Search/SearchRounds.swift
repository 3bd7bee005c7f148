import ForageProviders
import ForageSupport
import Synchronization

/// How a search whose provider ran out of attempts is made again from the start (a round), and
/// the health of an engine's searches that decides how many rounds: whether one has succeeded,
/// and how many in a row have failed.
final class SearchRounds: Sendable {
  private let health = Mutex((succeeded: false, failuresInARow: 0))

  /// The clock a round waits on before it starts again: the provider's.
  let clock: any Clock<Duration>

  /// Creates the rounds of an engine whose searches have not run yet, waiting on `clock`.
  init(clock: any Clock<Duration> = ContinuousClock()) {
    self.clock = clock
  }

  /// Whether any search has succeeded.
  var hasSucceeded: Bool { health.withLock { $0.succeeded } }

  /// Notes a search that failed after every round and returns how many in a row have.
  func noteFailure() -> Int {
    health.withLock {
      $0.failuresInARow += 1
      return $0.failuresInARow
    }
  }

  /// Notes a search that succeeded.
  func noteSuccess() {
    health.withLock {
      $0.succeeded = true
      $0.failuresInARow = 0
    }
  }

  /// The rounds a search starting now is made in (``policy(hasSucceeded:)``).
  var policy: RetryPolicy { Self.policy(hasSucceeded: hasSucceeded) }

  /// The rounds of a search, made again at once (the provider's own policy has already waited),
  /// except when the server asked for a wait (`Retry-After`): a round never starts sooner than
  /// that, cut to 30 s as the provider cuts it.
  ///
  /// Once the API has answered, a passing fault (a 503, a reset, a garbled body) must not cost a
  /// fix its answer: 4 rounds (of the provider's 3 attempts by default: at 20 % of requests
  /// faulted, one search in 250 million is lost). Before that, 2 rounds, so that an API that
  /// cannot be used is reported in bounded time.
  ///
  /// - Parameter hasSucceeded: Whether a search of the engine has succeeded.
  static func policy(hasSucceeded: Bool) -> RetryPolicy {
    RetryPolicy(
      maxAttempts: hasSucceeded ? 4 : 2,
      budget: nil,
      baseDelay: .zero,
      maxDelay: .zero,
      jitter: .none,
      honorsRetryAfter: true,
      maxRetryAfter: RetryPolicy.placesSearch.maxRetryAfter,
      longRetryAfter: .waitTheMaximum
    )
  }

  /// Runs `search` in the rounds `policy` allows, while its error is retryable, and returns
  /// its last error, or `nil` once it succeeded.
  ///
  /// - Parameter onRoundFailed: Told when a round failed and the search is made again, with
  ///   the round (from 1) and the wait before it.
  func run(
    _ policy: RetryPolicy,
    onRoundFailed: @escaping PlacesRetryObserver.Handler,
    _ search: () async throws(PlacesError) -> Void
  ) async -> PlacesError? {
    do throws(PlacesError) {
      // The provider's last failed attempt of the round is retried too: `onRoundFailed` says so.
      try await policy.search(on: clock, observer: onRoundFailed, search)
      return nil
    } catch {
      return error
    }
  }
}
