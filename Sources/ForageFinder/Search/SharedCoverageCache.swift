import ForageGeodesy
import ForageProviders
import Synchronization

/// One coverage cache that many finders with the same query share (a fleet of receivers in one
/// process), so that a search one of them made answers the others exactly.
///
/// Give the same value to each finder's places middleware
/// (``FinderMiddleware/places(_:cacheFile:hours:sharing:)``). The first finder to start fills it
/// from its places cache file, if any; the others start from what it already knows. A search in
/// flight is seen by every finder: one needing a disk near it waits for it and asks the cache
/// again rather than paying for the same search.
public final class SharedCoverageCache: Sendable {
  /// The cache, made by the first finder that starts, with the notices its file kept.
  private let made = Mutex<(cache: CoverageCache, notices: [String])?>(nil)
  /// The searches in flight, of every finder, by centre.
  private let inFlight = Mutex<[InFlightSearch]>([])
  /// Every finder's listener for notices that other processes' searches brought.
  private let noticeListeners = Mutex<[@Sendable ([String]) -> Void]>([])

  /// Creates a cache that no finder has used yet.
  public init() {}

  /// The shared cache, made from `stored` (read only by the first finder) when none is yet.
  ///
  /// - Parameter whenMade: Told of the cache once, when this call made it (the first finder
  ///   follows its places cache's updates into it; the others must not follow them again).
  /// - Throws: What `stored` throws; `GEOSError` if GEOS fails.
  func cache(
    stored: () throws -> StoredKnowledge?,
    whenMade: (CoverageCache) -> Void = { _ in }
  ) throws -> (cache: CoverageCache, notices: [String]) {
    let (result, isNew) = try made.withLock { made in
      if let made { return (made, false) }
      let knowledge = try stored()
      let new = (cache: try CoverageCache(stored: knowledge), notices: knowledge?.notices ?? [])
      made = new
      return (new, true)
    }
    if isNew { whenMade(result.cache) }
    return result
  }

  /// Tells `listener` of the notices that other processes' searches bring from now on
  /// (``tell(_:)``), as each finder's attribution needs them.
  func listen(_ listener: @escaping @Sendable ([String]) -> Void) {
    noticeListeners.withLock { $0.append(listener) }
  }

  /// Hands notices that another process's search brought to every finder listening, and
  /// keeps them for the finders that start later.
  func tell(_ notices: [String]) {
    made.withLock { made in
      for notice in notices where made?.notices.contains(notice) == false {
        made?.notices.append(notice)
      }
    }
    for listener in noticeListeners.withLock({ $0 }) { listener(notices) }
  }

  /// The search in flight within `distance` of `centre`, or, when there is none, the one
  /// `start` starts, registered in the same hold of the lock (so that two finders never start
  /// searches of the same area at once).
  func search(
    near centre: Coordinate,
    within distance: Double,
    orStart start: () -> InFlightSearch
  ) -> (task: Task<PlacesError?, Never>, isNew: Bool) {
    inFlight.withLock { searches in
      if let running = searches.first(where: {
        Geodesic.distance($0.centre, centre) <= distance
      }) {
        return (running.task, false)
      }
      let new = start()
      searches.append(new)
      return (new.task, true)
    }
  }

  /// Notes that the search `task` did is over.
  func end(_ task: Task<PlacesError?, Never>) {
    inFlight.withLock { $0.removeAll { $0.task == task } }
  }
}
