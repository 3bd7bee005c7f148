import ForageGeodesy
import ForageProviders
import Synchronization

/// A search in flight: where it is for (the fix that started it), and the task doing it, which
/// ends with its error, if any. The search itself may be centred ahead of the fix
/// (``SearchPlanner``).
struct InFlightSearch {
  var centre: Coordinate
  var task: Task<PlacesError?, Never>
}

/// An engine's search in flight and the newest fix delivered: whether a fix waits for a search
/// near it, starts its own, or no longer matters.
///
/// Checking for a search in flight and registering a new one happen in one hold of the lock,
/// so two fixes never start two searches of the same area.
final class SearchesInFlight: Sendable {
  /// What a search for a fix does next.
  enum Step {
    /// A search that ended since the fix last asked covered it: ask the cache again.
    case covered
    /// Wait for the search in flight near the fix, then ask the cache again.
    case wait(Task<PlacesError?, Never>)
    /// A newer fix was delivered while this one waited.
    case superseded
    /// This search was started and registered as the one in flight.
    case run(Task<PlacesError?, Never>)
  }

  /// How near a search in flight must be to a fix for the fix to wait for it (R).
  let nearness: Double

  /// The searches in flight of other finders sharing the cache, or `nil`.
  let shared: SharedCoverageCache?

  private let state = Mutex((current: InFlightSearch?.none, newestFix: -1))

  /// Creates the registry of an engine whose fixes wait for a search within `nearness`.
  init(nearness: Double, shared: SharedCoverageCache?) {
    self.nearness = nearness
    self.shared = shared
  }

  /// Notes that the fix at `index` was delivered: searches for older fixes no longer matter.
  func noteDelivered(_ index: Int) {
    state.withLock { $0.newestFix = max($0.newestFix, index) }
  }

  /// Whether a search is running too far from `centre` to help a fix there.
  func isStale(for centre: Coordinate) -> Bool {
    state.withLock { state in
      guard let current = state.current else { return false }
      return Geodesic.distance(current.centre, centre) > nearness
    }
  }

  /// What the search for the fix at `index` (at `centre`) does next, decided in one hold of the
  /// lock: wait for a search in flight near it (this engine's or, when shared, another
  /// finder's), ask the cache again when `isCovered`, give up when a newer fix was delivered,
  /// or register and run the search `start` starts.
  ///
  /// - Parameters:
  ///   - isCovered: Whether the cache now knows the disk the fix needs. A search teaches the
  ///     cache before it is no longer in flight: with none in flight, the cache already knows
  ///     what every search so far found.
  ///   - start: Starts the search; it must take no lock of this registry.
  func step(
    for centre: Coordinate,
    index: Int,
    isCovered: () -> Bool,
    start: () -> Task<PlacesError?, Never>
  ) -> Step {
    state.withLock { state -> Step in
      if let running = state.current, Geodesic.distance(running.centre, centre) <= nearness {
        return .wait(running.task)
      }
      if isCovered() { return .covered }
      // While this search waited (paced replays against a slow API), the user moved on: the
      // newer fix gets its own answer, and this one would only spend a request on the past.
      if index < state.newestFix { return .superseded }
      let task: Task<PlacesError?, Never>
      if let shared {
        // Another finder's search near this fix is waited for as this engine's own would be.
        let (found, isNew) = shared.search(near: centre, within: nearness) {
          InFlightSearch(centre: centre, task: start())
        }
        guard isNew else { return .wait(found) }
        task = found
      } else {
        task = start()
      }
      state.current = InFlightSearch(centre: centre, task: task)
      return .run(task)
    }
  }

  /// Notes that the search `task` did is over, unless another search has taken its place.
  func end(_ task: Task<PlacesError?, Never>) {
    state.withLock {
      if $0.current?.task == task { $0.current = nil }
    }
    shared?.end(task)
  }
}
