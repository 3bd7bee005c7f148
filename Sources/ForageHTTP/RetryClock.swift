import ForageSupport
import Foundation

/// The clock retries wait on: a live one, or a virtual one for tests and replays.
///
/// A `Sendable` value of closures, so tests can supply a clock that never really sleeps.
public struct RetryClock: Sendable {
  /// Time elapsed since an arbitrary, fixed origin; used for the retry budget.
  public var now: @Sendable () -> Duration
  /// The current wall-clock date; used to read `Retry-After` dates.
  public var date: @Sendable () -> Date
  /// Waits for a duration; throws `CancellationError` when the task is cancelled.
  public var sleep: @Sendable (Duration) async throws -> Void

  /// Creates a clock from its three operations.
  public init(
    now: @escaping @Sendable () -> Duration,
    date: @escaping @Sendable () -> Date,
    sleep: @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.now = now
    self.date = date
    self.sleep = sleep
  }

  /// The real clock: monotonic time, the system date, and `Task.sleep`.
  public static var live: RetryClock {
    let origin = ContinuousClock.now
    return RetryClock(
      now: { ContinuousClock.now - origin },
      date: { Date() },
      sleep: { try await Task.sleep(for: $0) }
    )
  }
}

/// A virtual clock for tests: sleeping returns at once and moves time forward by the amount.
///
/// It records every sleep, so a test can assert the exact backoff sequence without waiting.
public final class VirtualRetryClock: Sendable {
  private struct State {
    var elapsed: Duration = .zero
    var sleeps: [Duration] = []
  }

  private let state = Locked(State())
  private let origin: Date

  /// Creates a clock at elapsed time zero whose wall date starts at `date`.
  public init(date: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
    origin = date
  }

  /// Every duration slept, in order.
  public var sleeps: [Duration] { state.withLock { $0.sleeps } }

  /// Time elapsed on this clock.
  public var elapsed: Duration { state.withLock { $0.elapsed } }

  /// Moves time forward without a sleep (to stand for time spent in requests).
  public func advance(by duration: Duration) {
    state.withLock { $0.elapsed += duration }
  }

  /// The clock as a ``RetryClock`` value.
  public var clock: RetryClock {
    RetryClock(
      now: { self.elapsed },
      date: { self.origin.addingTimeInterval(self.elapsed.seconds) },
      sleep: { duration in
        try Task.checkCancellation()
        self.state.withLock {
          $0.sleeps.append(duration)
          $0.elapsed += duration
        }
      }
    )
  }
}

extension Duration {
  /// The duration in (fractional) seconds.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
