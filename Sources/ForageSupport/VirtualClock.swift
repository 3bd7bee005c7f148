import Foundation
import Synchronization

/// A clock whose time moves only when someone sleeps on it or a test advances it: replays run as
/// fast as the machine allows, give the same result every time, and tests never wait.
///
/// `sleep(until:)` returns at once after moving the clock to the deadline (never backwards).
/// Hand it wherever an `any Clock<Duration>` is asked for: the simulated GPS, retry backoff,
/// page-token waits, the mock server's page tokens. A clock made with `recordingSleeps: true`
/// also keeps the length of every sleep, so a test can assert an exact backoff sequence.
///
/// ```swift
/// let clock = VirtualClock(recordingSleeps: true)
/// try await clock.sleep(for: .seconds(2))
/// clock.advance(by: .milliseconds(500))
/// // clock.now.offset == .milliseconds(2500), clock.sleeps == [.seconds(2)]
/// ```
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

  private struct State {
    var offset = Duration.zero
    /// Every sleep's length, when recording.
    var sleeps: [Duration]?
  }

  private let state: Mutex<State>

  /// Creates a clock at offset zero.
  ///
  /// - Parameter recordingSleeps: Whether to keep every sleep's length for ``sleeps``. Off by
  ///   default, so a long replay does not grow a list nobody reads.
  public init(recordingSleeps: Bool = false) {
    state = Mutex(State(sleeps: recordingSleeps ? [] : nil))
  }

  public var now: Instant { Instant(offset: state.withLock { $0.offset }) }

  public var minimumResolution: Duration { .zero }

  /// Moves the clock to `deadline` (never backwards) and returns at once.
  ///
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    state.withLock { state in
      let slept = max(.zero, deadline.offset - state.offset)
      state.offset += slept
      state.sleeps?.append(slept)
    }
  }

  /// Moves the clock forward without a sleep being recorded (to stand for time spent working).
  ///
  /// - Parameter duration: How far; a negative duration does nothing.
  public func advance(by duration: Duration) {
    state.withLock { $0.offset += max(.zero, duration) }
  }

  /// The length of every sleep so far, in order (a sleep to a past deadline counts as zero).
  ///
  /// Only a clock made with `recordingSleeps: true` records them; asking another is a
  /// programming error.
  public var sleeps: [Duration] {
    state.withLock { state in
      guard let sleeps = state.sleeps else {
        preconditionFailure("VirtualClock records sleeps only when made with recordingSleeps: true")
      }
      return sleeps
    }
  }

  /// Wall-clock dates that move with this clock: `origin` at offset zero.
  ///
  /// For code that reads dates (a `Retry-After` HTTP-date) while it waits on this clock.
  ///
  /// - Parameter origin: The date at offset zero.
  /// - Returns: A function giving the current virtual date.
  public func dates(from origin: Date) -> @Sendable () -> Date {
    { origin.addingTimeInterval(self.now.offset.seconds) }
  }
}
