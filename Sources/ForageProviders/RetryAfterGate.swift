import ForageSupport
import Synchronization

/// Holds back every request to an API while it has asked to be left alone (`Retry-After`), for
/// every provider that shares the gate: a fleet's receivers ask one API, and a 429 one of them
/// gets is meant for all.
///
/// A provider that got the answer waits on its own (`RetryPolicy.search(on:observer:_:)`);
/// the others wait at the gate before their next request instead of sending it into the same
/// refusal. The wait is measured on the gate's clock and waited on each provider's own, so that
/// a virtual replay does not wait for real.
public final class RetryAfterGate: Sendable {
  private let elapsed: @Sendable () -> Duration
  /// When the gate opens, as time elapsed on its clock; `nil` while it is open.
  private let opensAt = Mutex<Duration?>(nil)

  /// Creates an open gate measuring on `clock` (the continuous clock by default).
  public init(clock: any Clock<Duration> = ContinuousClock()) {
    elapsed = clock.startStopwatch()
  }

  /// Closes the gate for `wait` from now, unless it is already closed for longer.
  public func close(for wait: Duration) {
    guard wait > .zero else { return }
    let until = elapsed() + wait
    opensAt.withLock { $0 = max($0 ?? .zero, until) }
  }

  /// How long until the gate opens: zero while it is open.
  public var remaining: Duration {
    let now = elapsed()
    return opensAt.withLock { opensAt in
      guard let until = opensAt, until > now else {
        opensAt = nil
        return .zero
      }
      return until - now
    }
  }
}
