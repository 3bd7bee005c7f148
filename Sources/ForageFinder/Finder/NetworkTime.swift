import ForageLocation
import ForagePlaces

/// How the finder waits between retries and for page tokens to become valid.
public enum NetworkTime: String, Sendable, CaseIterable {
  /// Real waits on the monotonic clock: what a real API's rate limits and page tokens need.
  case real
  /// Simulated waits that return at once, moving a virtual clock: for the in-process mock and
  /// local mocks whose faults are counted, not timed. Keeps replays fast and deterministic.
  case virtual

  /// The clock the places providers wait on.
  public func makeClock() -> PlacesClock {
    switch self {
    case .real:
      return .live
    case .virtual:
      let clock = VirtualClock()
      return PlacesClock(
        now: { clock.now.offset },
        sleep: { duration in try await clock.sleep(until: clock.now.advanced(by: duration)) }
      )
    }
  }
}
