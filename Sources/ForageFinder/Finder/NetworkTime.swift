import ForageSupport

/// How the finder waits between retries and for page tokens to become valid: the choice behind
/// `forage run --network-time real|virtual`.
public enum NetworkTime: String, Sendable, CaseIterable {
  /// Real waits on the monotonic clock: what a real API's rate limits and page tokens need.
  case real
  /// Simulated waits that return at once, moving a virtual clock: for the in-process mock and
  /// local mocks whose faults are counted, not timed. Keeps replays fast and deterministic.
  case virtual

  /// A new clock for the places providers to wait on: the continuous clock, or a fresh
  /// `VirtualClock`.
  public func makeClock() -> any Clock<Duration> {
    switch self {
    case .real: ContinuousClock()
    case .virtual: VirtualClock()
    }
  }
}
