import ForageGeodesy
import ForageProviders
import ForageSupport
import Foundation

/// The search for a fix the cache cannot answer: the next pages of a search paused near it,
/// then the searches the planner places (and one at the fix when they fall short), then the
/// gaps, all made again in rounds.
struct FixSearch: Sendable {
  /// The most planned searches made for one fix before it is searched at itself (nearest first,
  /// with the coverage policy).
  static let mostPlannedSearches = 6

  /// How far beyond the needed disk, in parts of its radius, a crowd makes the fix search at
  /// itself: searches beside the way that would complete the disk's edge next to the crowd end
  /// at the crowd instead.
  static let crowdReach = 0.1

  let query: PlacesQuery

  let cap: SearchCap

  let neededDisk: NeededDisk

  let placement: SearchPlacement

  let pager: SearchPager

  let gaps: GapFiller

  let rounds: SearchRounds

  var cache: CoverageCache { neededDisk.cache }

  /// Starts the search for a fix at `centre`, made again as `policy` allows; the task ends with
  /// the search's error, if any. It first fetches the next pages of `paused` (a search that
  /// stopped early near the fix), and plans a new search only if they do not cover the fix.
  /// Takes no lock before the task runs, so it can be called under the engine's.
  func start(
    for centre: Coordinate,
    at time: Date?,
    resuming paused: PausedSearch?,
    policy: RetryPolicy,
    onRoundFailed: @escaping PlacesRetryObserver.Handler
  ) -> Task<PlacesError?, Never> {
    Task { () -> PlacesError? in
      // Resumed in the first round only: a page that failed every attempt is not asked again.
      var resumable = paused
      return await self.rounds.run(policy, onRoundFailed: onRoundFailed) {
        () async throws(PlacesError) in
        if let paused = resumable {
          resumable = nil
          do throws(PlacesError) {
            try await pager.resume(paused, for: centre, at: time)
          } catch .cancelled {
            throw .cancelled
          } catch {
            // The API no longer takes its page token, or failed every attempt: search afresh.
          }
        }
        let needed = neededDisk.around(centre, at: time).radius
        // Near a crowded spot, only the gaps short of it are searched.
        if !neededDisk.isAnswerable(centre, needing: needed),
          gaps.crowdedSpot(within: needed, of: centre) == nil
        {
          try await planAndSearch(for: centre, at: time)
        }
        try await gaps.fill(around: centre, at: time)
      }
    }
  }

  /// Searches for a fix at `centre` the cache cannot answer, as the placement plans
  /// (``SearchPlacement/plan(for:needed:)``); when a planned search fell short of the fix,
  /// searches at the fix too.
  ///
  /// Nearest first with the coverage policy and K within the cap, plans again after each search,
  /// against the union the cache now holds, until the fix's disk is known (at most
  /// ``mostPlannedSearches``, and not twice at one centre; beyond the cap, the ``GapFiller``
  /// goes on): where a capped search knows about the disk a fix needs, only several beside the
  /// way complete it, and each also prepares the disks of the fixes to come.
  private func planAndSearch(for centre: Coordinate, at time: Date?) async throws(PlacesError) {
    let atFix = SearchPlanner.Plan(centre: centre, enoughRadius: nil)
    let byDistance = query.isRankedByDistance(on: cap.capabilities)
    let isBeyondCap = cap.isBeyond(query)
    let rounds =
      placement.policy == .coverage && byDistance && !isBeyondCap ? Self.mostPlannedSearches : 1
    var planned: Coordinate? = nil
    for _ in 0..<rounds {
      let needed = neededDisk.around(centre, at: time).radius
      if planned != nil, neededDisk.isAnswerable(centre, needing: needed) { return }
      // Near a crowd, only a search at the fix answers it (no union holds a crowd of the cap or
      // more, and searches beside it end at the crowd): planned ones would be spent for nothing.
      if byDistance, !isBeyondCap, isNearCrowd(centre, needing: needed) { break }
      let plan = placement.plan(for: centre, needed: needed)
      // The same centre again would learn nothing new.
      if let planned, Geodesic.distance(planned, plan.centre) < 1 { break }
      try await pager.search(
        around: plan.centre,
        reach: byDistance
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
    if !neededDisk.isKnown(around: centre, at: time), !isBeyondCap {
      try await pager.search(around: centre, for: centre, at: time)
    }
  }

  /// Whether a crowd lies within ``crowdReach`` of the disk of radius `needed` a fix at
  /// `centre` needs known (``GapFiller/suspectedCrowd(within:of:)``); once a search has seen
  /// past it, searches are planned again.
  private func isNearCrowd(_ centre: Coordinate, needing needed: Double) -> Bool {
    gaps.suspectedCrowd(within: needed * (1 + Self.crowdReach), of: centre) != nil
  }
}
