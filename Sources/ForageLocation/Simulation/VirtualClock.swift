import Synchronization

/// A clock whose time moves only when someone sleeps on it: replays run as fast as the machine
/// allows and give the same result every time.
///
/// `sleep(until:)` returns at once after moving the clock to the deadline (never backwards).
public final class VirtualClock: Clock, Sendable {
  /// A point in virtual time: an offset from the clock's start.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time since the clock started.
    public var offset: Duration

    /// Creates an instant at an offset from the start.
    public init(offset: Duration) { self.offset = offset }

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    public func duration(to other: Instant) -> Duration { other.offset - offset }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let current = Mutex(Duration.zero)

  /// Creates a clock at offset zero.
  public init() {}

  public var now: Instant { Instant(offset: current.withLock { $0 }) }

  public var minimumResolution: Duration { .zero }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline.offset) }
  }

  /// Moves the clock forward by a duration.
  public func advance(by duration: Duration) {
    current.withLock { $0 += max(.zero, duration) }
  }
}
