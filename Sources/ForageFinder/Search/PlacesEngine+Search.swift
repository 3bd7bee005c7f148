import ForageGeodesy
import ForageHTTP
import ForageHours
import ForageLocation
import ForagePlaceModel
import ForageProviders
import ForageSpatialIndex
import ForageSupport
import ForageTracks
import Foundation
import Synchronization

/// Searches: where to search for a fix, how each search's pages teach the cache, and how far a
/// capped search counts as covered.
extension PlacesEngine {
  /// Where to search for a fix at `centre` the cache cannot answer, and how far: with the
  /// coverage policy, nearest first where it completes, with the disks the cache knows, the
  /// disks of the fixes to come (``SearchPlanner/coverPlan(for:needed:known:gaps:reach:)``), or within
  /// a radius larger than R where the fixes to come will use it
  /// (``SearchPlanner/radiusPlan(for:radius:)``); else at the fix, within R.
  ///
  /// - Parameters:
  ///   - needed: The radius around `centre` the answer needs known (``neededDisk(around:)``).
  ///   - planner: The planner, under the engine's lock.
  func searchPlan(
    for centre: Coordinate,
    needed: Double,
    planner: inout SearchPlanner
  ) -> SearchPlanner.Plan {
    guard policy == .coverage else { return SearchPlanner.Plan(centre: centre, enoughRadius: nil) }
    guard isRankedByDistance else {
      return planner.radiusPlan(
        for: centre,
        radius: query.radius,
        cap: provider.capabilities.resultLimit
      )
    }
    let cap = provider.capabilities.resultLimit
    return planner.coverPlan(
      for: centre,
      needed: needed,
      known: cache.knownDisks(
        near: centre,
        within: needed + SearchPlanner.horizonRadii * query.radius
      ),
      gaps: [cache.nearestUnknownPoint(to: centre, within: needed)].compactMap { $0 },
      pages: max(1, cap / PageBudget.pageSize)
    ) { [cache] point in
      // A search there is complete at most out to its cap-th place: no farther than the
      // cap-th place known there.
      let nearest = cache.nearest(cap, within: NearbySearch.maximumRadius, of: point)
      guard nearest.count == cap, var last = nearest.last else { return nil }
      return last.measure() * Self.coverageShrink - Self.coverageMargin
    }
  }

  /// The paused search whose next pages may cover the disk of radius `needed` around a fix at
  /// `centre`, taken out of `state` so that no other fix fetches them; `nil` when there is none
  /// or its page token is too old to use.
  func takePausedSearch(
    for centre: Coordinate,
    needed: Double,
    from state: inout State
  ) -> PausedSearch? {
    guard let paused = state.paused, let token = paused.nextPageToken,
      paused.mayCover(centre, needed: needed), provider.mayStillUse(token)
    else { return nil }
    state.paused = nil
    return paused
  }

  /// Starts the search for a fix at `centre`, made again as `rounds` allows; the task ends with
  /// the search's error, if any. It first fetches the next pages of `paused` (a search that
  /// stopped early near the fix), and plans a new search only if they do not cover the fix.
  /// Takes no lock before the task runs, so it can be called under the engine's.
  func startSearch(
    for centre: Coordinate,
    at time: Date?,
    resuming paused: PausedSearch?,
    rounds: RetryPolicy,
    onRoundFailed: @escaping @Sendable (PlacesError, Int) -> Void
  ) -> Task<PlacesError?, Never> {
    Task { [self] () -> PlacesError? in
      // Resumed in the first round only: a page that failed every attempt is not asked again.
      var resumable = paused
      do throws(PlacesError) {
        try await rounds.run(
          on: ContinuousClock(),
          judge: { outcome in
            guard case .failure(let error) = outcome, error.isRetryable else { return .final }
            return .retryable(serverWait: nil)
          },
          willRetry: { outcome, round, _ in
            // The provider's last failed attempt of the round is retried too: say so.
            if case .failure(let error) = outcome { onRoundFailed(error, round) }
          },
          cancelled: { .cancelled }
        ) { () async throws(PlacesError) in
          if let paused = resumable {
            resumable = nil
            do throws(PlacesError) {
              try await proceed(paused, for: centre, at: time)
            } catch .cancelled {
              throw .cancelled
            } catch {
              // The API no longer takes its page token, or failed every attempt: search afresh.
            }
          }
          let needed = neededDisk(around: centre, at: time).1
          // Near a crowded spot, only the gaps short of it are searched.
          if !cache.covers(centre, radius: needed), crowdedSpot(within: needed, of: centre) == nil {
            try await planAndSearch(for: centre, at: time)
          }
          try await fillGaps(around: centre, at: time)
        }
        return nil
      } catch {
        return error
      }
    }
  }

  /// Searches for a fix at `centre` the cache cannot answer, as ``searchPlan(for:needed:planner:)``
  /// plans; when a planned search fell short of the fix, searches at the fix too.
  ///
  /// Nearest first with the coverage policy and K within the cap, plans again after each search,
  /// against the union the cache now holds, until the fix's disk is known (at most
  /// ``mostPlannedSearches``, and not twice at one centre; beyond the cap, ``fillGaps(around:at:)``
  /// goes on): where
  /// a capped search knows about the disk a fix needs, only several beside the way complete it,
  /// and each also prepares the disks of the fixes to come.
  func planAndSearch(for centre: Coordinate, at time: Date?) async throws(PlacesError) {
    let atFix = SearchPlanner.Plan(centre: centre, enoughRadius: nil)
    let rounds =
      policy == .coverage && isRankedByDistance && !isBeyondCap ? Self.mostPlannedSearches : 1
    var planned: Coordinate? = nil
    for _ in 0..<rounds {
      let needed = neededDisk(around: centre, at: time).1
      if planned != nil, cache.covers(centre, radius: needed) { return }
      let plan = state.withLock { searchPlan(for: centre, needed: needed, planner: &$0.planner) }
      // The same centre again would learn nothing new.
      if let planned, Geodesic.distance(planned, plan.centre) < 1 { break }
      try await search(
        around: plan.centre,
        reach: isRankedByDistance
          ? min(
            query.radius + Geodesic.distance(plan.centre, centre),
            plan.enoughRadius ?? query.radius
          ) : plan.enoughRadius ?? query.radius,
        pages: plan.pages,
        for: centre,
        at: time
      )
      if plan == atFix { return }
      planned = plan.centre
    }
    if !isAnswerable(centre, time), !isBeyondCap {
      try await search(around: centre, for: centre, at: time)
    }
  }

  /// The most planned searches made for one fix before it is searched at itself (nearest first,
  /// with the coverage policy).
  static let mostPlannedSearches = 6

  /// Whether the cache fully knows the disk a fix at `centre` needs at `time`.
  func isAnswerable(_ centre: Coordinate, _ time: Date?) -> Bool {
    cache.covers(centre, radius: neededDisk(around: centre, at: time).1)
  }

  /// Whether K is more than one search returns: no one search answers a fix, the union of
  /// several does (``fillGaps(around:at:)``).
  var isBeyondCap: Bool { query.limit > provider.capabilities.resultLimit }

  /// Searches around `centre` for the fix at `fix` (at `time`) and teaches the cache what was
  /// found and how far the search is complete: nearest first, page by page until `reach` is
  /// covered, or within the radius `reach` (R by default; for a planned search, what its plan
  /// counted on), and after `pages` pages when its plan counted on that many. A search nearest
  /// first stops early, paused, once the fix can be answered (``proceed(_:for:at:)``).
  func search(
    around centre: Coordinate,
    reach: Double? = nil,
    pages: Int? = nil,
    for fix: Coordinate,
    at time: Date?
  ) async throws(PlacesError) {
    let radius = reach ?? query.radius
    let search = NearbySearch(
      location: centre,
      ranking: isRankedByDistance ? .distance : .prominence(radius: radius),
      type: query.type,
      keyword: query.keyword
    )
    let page = try await provider.searchNearby(search)
    try await proceed(
      PausedSearch(
        centre: centre,
        reach: radius,
        mostPages: pages,
        budget: PageBudget(for: provider)
      ),
      from: page,
      for: fix,
      at: time
    )
  }

  /// Fetches the next page of a paused search for the fix at `fix`, and goes on from there.
  func proceed(
    _ paused: PausedSearch,
    for fix: Coordinate,
    at time: Date?
  ) async throws(PlacesError) {
    guard let token = paused.nextPageToken else { return }
    var search = paused
    search.nextPageToken = nil
    try await proceed(search, from: try await provider.nextPage(token), for: fix, at: time)
  }

  /// Takes in `page` of `search` and the pages after it, teaching the cache as it goes, until
  /// the search is complete within its reach, out of pages, or capped.
  ///
  /// Nearest first, every page is a request that extends how far the search is complete: while
  /// the receiver stands still, once the fix at `fix` can be answered, the search stops and is
  /// kept as ``State/paused``, and a later fix that needs more fetches its next page
  /// (``takePausedSearch(for:needed:from:)``).
  func proceed(
    _ search: PausedSearch,
    from page: PlacesPage,
    for fix: Coordinate,
    at time: Date?
  ) async throws(PlacesError) {
    let byDistance = isRankedByDistance
    var search = search
    var page = page
    var learned: [Place] = []
    while true {
      note(page)
      let fresh = search.take(page)
      learned += fresh
      // Out of pages (a server that pages without end) counts as capped: the search is
      // complete only out to its farthest place.
      var isCapped = search.found.count >= provider.capabilities.resultLimit
      if !isCapped, page.nextPageToken != nil, state.withLock({ $0.pagesRefused }) {
        isCapped = true
      }
      if !isCapped, let token = page.nextPageToken, !(try search.budget.admit(token)) {
        isCapped = true
      }
      guard let token = page.nextPageToken, !isCapped else {
        let covered: Double
        if !isCapped {
          // Every matching place was returned: the search is complete out to the API's reach.
          covered = byDistance ? min(NearbySearch.maximumRadius, 4 * query.radius) : search.reach
        } else {
          covered = byDistance ? cappedCoverage(of: search.found, around: search.centre) : 0
        }
        cache.learn(fresh, around: search.centre, coveredRadius: covered)
        record(learned, of: search, coveredRadius: covered, isComplete: !isCapped)
        return
      }
      if byDistance {
        let covered = cappedCoverage(of: search.found, around: search.centre)
        cache.learn(fresh, around: search.centre, coveredRadius: covered)
        if covered >= search.reach || search.isAtPageLimit {
          record(learned, of: search, coveredRadius: covered)
          return
        }
        if isStandingStill(at: fix), cache.covers(fix, radius: neededDisk(around: fix, at: time).1)
        {
          record(learned, of: search, coveredRadius: covered, paused: true)
          search.nextPageToken = token
          state.withLock { $0.paused = search }
          return
        }
      } else {
        cache.learn(fresh, around: search.centre, coveredRadius: 0)
      }
      do throws(PlacesError) {
        page = try await provider.nextPage(token)
      } catch .invalidRequest {
        // The API never accepted the token (a server slower to honour its tokens than the
        // provider waits): the search ends with the pages it has, complete only out to its
        // farthest place, and later searches ask for no pages. An answer is then the K nearest
        // of what the pages returned, as one search per fix would give.
        state.withLock { $0.pagesRefused = true }
        onPagesRefused()
        let covered = byDistance ? cappedCoverage(of: search.found, around: search.centre) : 0
        record(learned, of: search, coveredRadius: covered)
        return
      }
    }
  }

  /// Whether the receiver at `fix` has not moved over the recent fixes (or has given only one):
  /// a search then stops paging once the fix is answered. A moving receiver will need the
  /// later pages, and a search that stopped early would tell the planner too little of how far
  /// searches reach.
  func isStandingStill(at fix: Coordinate) -> Bool {
    state.withLock { $0.planner.movement(to: fix) == nil }
  }

  /// Tells the planner how far `search` is now complete, and records in the places cache file
  /// the places it found since it last recorded.
  ///
  /// - Parameter isComplete: Whether the search found every place within its reach.
  func record(
    _ places: [Place],
    of search: PausedSearch,
    coveredRadius covered: Double,
    isComplete: Bool = false,
    paused: Bool = false
  ) {
    state.withLock {
      $0.planner.note(
        search: search.centre,
        coveredRadius: covered,
        places: search.found.count,
        isComplete: isComplete,
        mayGrow: paused
      )
    }
    guard let file else { return }
    file.file.record(
      places,
      around: search.centre,
      coveredRadius: covered,
      notices: search.notices,
      in: file.scope
    )
  }

  /// Tells ``onNotices`` of the page's notices about its data, and ``onSkipped`` of its results
  /// that cannot be used.
  func note(_ page: PlacesPage) {
    if !page.notices.isEmpty { onNotices(page.notices) }
    let invalid = page.places.count { place in
      (try? Coordinate(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude))
        == nil
    }
    let skipped = page.skippedResults + invalid
    if skipped > 0 { onSkipped(skipped) }
  }

  /// How far a nearest-first answer that may go on is complete: just short of its farthest place.
  func cappedCoverage(of found: [Place], around centre: Coordinate) -> Double {
    let farthest =
      found.map { Geodesic.distance(centre, $0.coordinate) }.max() ?? 0
    return max(0, farthest * Self.coverageShrink - Self.coverageMargin)
  }
}
