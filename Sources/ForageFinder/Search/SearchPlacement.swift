import ForageGeodesy
import ForageProviders
import Synchronization

/// Where the next search goes: the ``SearchPlanner`` behind a lock, told of the delivered fixes
/// and the searches made, and asked against the disks the cache knows.
final class SearchPlacement: Sendable {
  let cache: CoverageCache

  let query: PlacesQuery

  let cap: SearchCap

  let policy: QueryPolicy

  private let planner = Mutex(SearchPlanner())

  /// Creates the placement of an engine's searches.
  init(
    cache: CoverageCache,
    query: PlacesQuery,
    cap: SearchCap,
    policy: QueryPolicy
  ) {
    self.cache = cache
    self.query = query
    self.cap = cap
    self.policy = policy
  }

  /// Remembers a delivered fix, for its heading (with the coverage policy).
  func note(fix: Coordinate) {
    guard policy == .coverage else { return }
    planner.withLock { $0.note(fix: fix) }
  }

  /// Remembers how far a search is now complete and how many places it found
  /// (``SearchPlanner/note(search:coveredRadius:places:isComplete:mayGrow:)``).
  func note(
    search: PausedSearch,
    coveredRadius: Double,
    isComplete: Bool,
    mayGrow: Bool
  ) {
    planner.withLock {
      $0.note(
        search: search.centre,
        coveredRadius: coveredRadius,
        places: search.found.count,
        isComplete: isComplete,
        mayGrow: mayGrow
      )
    }
  }

  /// Whether the receiver at `fix` has not moved over the recent fixes (or has given only one):
  /// a search then stops paging once the fix is answered. A moving receiver will need the
  /// later pages, and a search that stopped early would tell the planner too little of how far
  /// searches reach.
  func isStandingStill(at fix: Coordinate) -> Bool {
    planner.withLock { $0.movement(to: fix) == nil }
  }

  /// Where to search for a fix at `centre` the cache cannot answer, and how far: with the
  /// coverage policy, nearest first where it completes, with the disks the cache knows, the
  /// disks of the fixes to come (``SearchPlanner/coverPlan(for:needed:known:gaps:pages:reach:)``),
  /// or within a radius larger than R where the fixes to come will use it
  /// (``SearchPlanner/radiusPlan(for:radius:cap:)``); else at the fix, within R.
  ///
  /// - Parameter needed: The radius around `centre` the answer needs known (``NeededDisk``).
  func plan(for centre: Coordinate, needed: Double) -> SearchPlanner.Plan {
    guard policy == .coverage else { return SearchPlanner.Plan(centre: centre, enoughRadius: nil) }
    let limit = cap.resultLimit
    guard query.isRankedByDistance(on: cap.capabilities) else {
      return planner.withLock { $0.radiusPlan(for: centre, radius: query.radius, cap: limit) }
    }
    let known = cache.knownDisks(
      near: centre,
      within: needed + SearchPlanner.horizonRadii * query.radius
    )
    let gaps = [cache.nearestUnknownPoint(to: centre, within: needed)].compactMap { $0 }
    return planner.withLock { planner in
      planner.coverPlan(
        for: centre,
        needed: needed,
        known: known,
        gaps: gaps,
        pages: max(1, limit / PageBudget.pageSize)
      ) { [cache] point in
        // A search there is complete at most out to its cap-th place: no farther than the
        // cap-th place known there.
        let nearest = cache.nearest(limit, within: NearbySearch.maximumRadius, of: point)
        guard nearest.count == limit, var last = nearest.last else { return nil }
        return CappedCoverage.radius(reaching: last.measure())
      }
    }
  }
}
