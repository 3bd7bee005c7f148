import Synchronization

/// The time source page tokens are checked against: the monotonic clock, or a test's hand.
public struct PageTokenClock: Sendable {
  /// The time elapsed since an arbitrary fixed origin.
  public var now: @Sendable () -> Duration

  /// Creates a clock from a function returning the time since a fixed origin.
  public init(now: @escaping @Sendable () -> Duration) {
    self.now = now
  }

  /// The monotonic clock (`ContinuousClock`), measured from when this value was first used.
  public static let live: PageTokenClock = {
    let origin = ContinuousClock.now
    return PageTokenClock { ContinuousClock.now - origin }
  }()
}

/// A clock that moves only when a test advances it.
public final class ManualPageTokenClock: Sendable {
  private let elapsed = Mutex(Duration.zero)

  /// Creates a clock at time zero.
  public init() {}

  /// The clock value to hand to a handler.
  public var clock: PageTokenClock {
    PageTokenClock { [self] in elapsed.withLock { $0 } }
  }

  /// Moves the clock forward.
  ///
  /// - Parameter duration: How far to move it.
  public func advance(by duration: Duration) {
    elapsed.withLock { $0 += duration }
  }
}
