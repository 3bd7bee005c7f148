import ForageSupport
import Synchronization

/// A clock for a replay that a person steers while it runs: track time scaled to the wall
/// clock, like ``ScaledClock``, but it can be paused, resumed, sped up, slowed down and ended
/// from any thread (`forage watch`'s keys).
///
/// Copies share one state: the replay sleeps on one copy while the keys change another. A
/// sleep wakes at least every ``reactionTime`` of real time to see a change, so a pause or a
/// new speed takes effect within that, and ``finish()`` ends every sleep at once after it.
public struct ReplayClock: Clock, Sendable, Hashable {
  /// A point in replay time: an offset from the clock's creation.
  public typealias Instant = VirtualClock.Instant

  /// The longest real time a sleep waits before it looks at the clock's state again.
  public static let reactionTime: Duration = .milliseconds(50)

  /// What the copies share.
  private final class Shared: Sendable {
    let base = ContinuousClock()
    let state: Mutex<State>

    init(speed: Double) {
      state = Mutex(State(anchor: base.now, elapsed: .zero, speed: speed))
    }
  }

  /// The replay time at an anchor of real time, and how it goes on from there.
  private struct State {
    var anchor: ContinuousClock.Instant
    var elapsed: Duration
    var speed: Double
    var isPaused = false
    var isFinished = false

    /// The replay time at real time `real`.
    func offset(at real: ContinuousClock.Instant) -> Duration {
      isPaused ? elapsed : elapsed + (real - anchor) * speed
    }

    /// Moves the anchor to `real`, so that a change of speed or pause applies from then on.
    mutating func reanchor(at real: ContinuousClock.Instant) {
      elapsed = offset(at: real)
      anchor = real
    }
  }

  private let shared: Shared

  /// Creates a clock starting now.
  ///
  /// - Parameter speed: The speed-up over real time, within ``ScaledClock/speeds``.
  public init(speed: Double) {
    precondition(ScaledClock.speeds.contains(speed), "speed must be within ScaledClock.speeds")
    shared = Shared(speed: speed)
  }

  public var now: Instant {
    let real = shared.base.now
    return Instant(offset: shared.state.withLock { $0.offset(at: real) })
  }

  public var minimumResolution: Duration { shared.base.minimumResolution }

  /// How many seconds of replay time pass in one real second now.
  public var speed: Double { shared.state.withLock { $0.speed } }

  /// Whether the clock is paused.
  public var isPaused: Bool { shared.state.withLock { $0.isPaused } }

  /// Sets the speed, kept within ``ScaledClock/speeds``; returns the speed set.
  @discardableResult
  public func setSpeed(_ speed: Double) -> Double {
    let real = shared.base.now
    let kept = min(max(speed, ScaledClock.speeds.lowerBound), ScaledClock.speeds.upperBound)
    shared.state.withLock { state in
      state.reanchor(at: real)
      state.speed = kept
    }
    return kept
  }

  /// Pauses a running clock, or resumes a paused one; returns whether it is paused now.
  @discardableResult
  public func togglePause() -> Bool {
    let real = shared.base.now
    return shared.state.withLock { state in
      state.reanchor(at: real)
      state.isPaused.toggle()
      return state.isPaused
    }
  }

  /// Ends every sleep, now and later, at once: the replay runs out without waiting.
  public func finish() {
    shared.state.withLock { $0.isFinished = true }
  }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    while true {
      try Task.checkCancellation()
      let real = shared.base.now
      let (remaining, speed, isPaused, isFinished) = shared.state.withLock { state in
        (deadline.offset - state.offset(at: real), state.speed, state.isPaused, state.isFinished)
      }
      if isFinished || remaining <= .zero { return }
      let wait = isPaused ? Self.reactionTime : min(remaining / speed, Self.reactionTime)
      try await shared.base.sleep(until: real + wait, tolerance: tolerance)
    }
  }

  public static func == (lhs: ReplayClock, rhs: ReplayClock) -> Bool {
    lhs.shared === rhs.shared
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(shared))
  }
}
