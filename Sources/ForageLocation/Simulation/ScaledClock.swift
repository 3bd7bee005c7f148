import ForageSupport

/// A clock that runs `speed` times faster than the wall clock: `--realtime` is speed 1,
/// `--speed 10` replays ten seconds of track each real second.
public struct ScaledClock: Clock, Sendable {
  /// A point in scaled time: an offset from the clock's creation.
  public typealias Instant = VirtualClock.Instant

  private let base = ContinuousClock()
  private let origin: ContinuousClock.Instant
  /// How many seconds of scaled time pass in one real second.
  public let speed: Double

  /// The speeds a clock can run at: beyond them, scaled durations overflow `Duration` within a
  /// track's span (a thousandth of real time, a million times faster).
  public static let speeds: ClosedRange<Double> = 0.001...1_000_000

  /// Creates a clock starting now.
  ///
  /// - Parameter speed: The speed-up over real time, within ``speeds``.
  public init(speed: Double) {
    precondition(Self.speeds.contains(speed), "speed must be within ScaledClock.speeds")
    self.speed = speed
    origin = base.now
  }

  public var now: Instant {
    Instant(offset: (base.now - origin) * speed)
  }

  public var minimumResolution: Duration { base.minimumResolution * speed }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let realDeadline = origin + deadline.offset / speed
    try await base.sleep(until: realDeadline, tolerance: tolerance.map { $0 / speed })
  }
}
