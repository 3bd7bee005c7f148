import Synchronization

/// The time source the providers wait on: the real clock, or a test's clock that never sleeps.
public struct PlacesClock: Sendable {
  /// The time elapsed since an arbitrary fixed origin.
  public var now: @Sendable () -> Duration
  /// Waits for a duration; throws `CancellationError` when the task is cancelled.
  public var sleep: @Sendable (Duration) async throws -> Void

  /// Creates a clock.
  public init(
    now: @escaping @Sendable () -> Duration,
    sleep: @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.now = now
    self.sleep = sleep
  }

  /// The monotonic clock (`ContinuousClock`).
  public static let live: PlacesClock = {
    let origin = ContinuousClock.now
    return PlacesClock(
      now: { ContinuousClock.now - origin },
      sleep: { try await Task.sleep(for: $0) }
    )
  }()
}

/// A clock for tests: sleeping returns at once and moves the time forward, and every sleep is
/// recorded.
public final class ManualPlacesClock: Sendable {
  private struct State {
    var now = Duration.zero
    var sleeps: [Duration] = []
  }
  private let state = Mutex(State())

  /// Creates a clock at time zero.
  public init() {}

  /// The clock value to hand to a provider.
  public var clock: PlacesClock {
    PlacesClock(
      now: { [self] in state.withLock { $0.now } },
      sleep: { [self] duration in
        try Task.checkCancellation()
        state.withLock {
          $0.sleeps.append(duration)
          $0.now += duration
        }
      }
    )
  }

  /// The current time.
  public var now: Duration { state.withLock { $0.now } }

  /// Every duration slept, in order.
  public var sleeps: [Duration] { state.withLock { $0.sleeps } }

  /// Moves the time forward without a sleep being recorded.
  public func advance(by duration: Duration) {
    state.withLock { $0.now += duration }
  }
}
