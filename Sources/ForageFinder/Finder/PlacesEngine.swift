import ForageGeodesy
import ForageHTTP
import ForageHours
import ForageLocation
import ForagePlace
import ForagePlaces
import ForageSpatialIndex
import ForageSupport
import ForageTracks
import Foundation
import Synchronization

/// Answers delivered fixes with the K nearest places within R: from the coverage cache when it
/// fully knows the disk the fix needs, otherwise with a search (``QueryPolicy``).
///
/// Safe to share between effects. A search near one already running waits for it and then asks
/// the cache again, so no two requests cover the same area; a search superseded by a newer fix
/// while it waited is dropped.
///
/// Ranking by prominence (no type and no keyword) can only be complete when a search is not
/// capped; the CLI therefore requires a type or a keyword.
final class PlacesEngine: Sendable {
  /// A search in flight: the fix it is for, and the task doing it (which ends with its error,
  /// if any). The search itself may be centred ahead of the fix (``SearchPlanner``).
  private struct InFlight {
    var centre: Coordinate
    var task: Task<PlacesError?, Never>
  }

  /// What searches share, behind the lock.
  private struct State {
    var inFlight: InFlight?
    var succeeded = false
    var failuresInARow = 0
    var newestFix = -1
    var planner = SearchPlanner()
    /// The last search that stopped paging early, while its next page may still be fetched.
    var paused: PausedSearch?
    /// Whether the API never accepted a page token however long the provider waited: searches
    /// then end with their first page.
    var pagesRefused = false
    /// Spots where a search learned nothing around its own centre: at least the cap of places
    /// lie within about a metre, so no disk that holds the spot can be known
    /// (``fillGaps(around:at:)``).
    var crowdedSpots: [Coordinate] = []
  }

  /// How much of the farthest result's distance a capped search may claim as covered, and a
  /// margin in metres: providers measure distance their own way.
  static let coverageShrink = 0.995
  static let coverageMargin = 1.0

  let provider: any PlacesProvider
  let query: PlacesQuery
  let policy: QueryPolicy
  let cache: PlacesCache
  /// Decides `open_at_fix` for the places of every answer (and which places `--open` keeps).
  let hours: HoursJudge
  /// Where searches are kept for later runs, and under which scope; `nil` keeps nothing.
  let file: (file: PlacesCacheFile, scope: PlacesCacheScope)?
  /// Told how many results of a page could not be used (``ForagePlaces/PlacesPage/skippedResults``
  /// and places whose position is not a coordinate), when there are any.
  let onSkipped: @Sendable (Int) -> Void
  /// Told when the API never accepted a page token however long the provider waited: from then
  /// on, searches keep their first page only.
  let onPagesRefused: @Sendable () -> Void
  /// Told the notices an answer carried about its data (``ForagePlaces/PlacesPage/notices``),
  /// when it carried any.
  let onNotices: @Sendable ([String]) -> Void
  /// The notices about its data that the places cache file kept with what it knows.
  let storedNotices: [String]
  private let state = Mutex(State())

  /// Notes that the fix at `index` was delivered: searches for older fixes no longer matter.
  func noteDelivered(_ index: Int) {
    state.withLock { $0.newestFix = max($0.newestFix, index) }
  }

  /// Whether any search of this engine has succeeded.
  var hasSucceeded: Bool { state.withLock { $0.succeeded } }

  /// Notes a search that failed after every retry and returns how many in a row have.
  func noteFailure() -> Int {
    state.withLock {
      $0.failuresInARow += 1
      return $0.failuresInARow
    }
  }

  /// Notes a search that succeeded.
  private func noteSuccess() {
    state.withLock {
      $0.succeeded = true
      $0.failuresInARow = 0
    }
  }

  /// How a search whose provider ran out of attempts is made again from the start (a round),
  /// at once: the provider's own policy has already waited.
  ///
  /// Once the API has answered, a passing fault (a 503, a reset, a garbled body) must not cost a
  /// fix its answer: 4 rounds (of the provider's 3 attempts by default: at 20 % of requests
  /// faulted, one search in 250 million is lost). Before that, 2 rounds, so that an API that
  /// cannot be used is reported in bounded time.
  ///
  /// - Parameter hasSucceeded: Whether a search of this engine has succeeded.
  static func searchRounds(hasSucceeded: Bool) -> RetryPolicy {
    RetryPolicy(
      maxAttempts: hasSucceeded ? 4 : 2,
      budget: nil,
      baseDelay: .zero,
      maxDelay: .zero,
      jitter: .none,
      honorsRetryAfter: false
    )
  }

  /// Creates an engine, starting from what a places cache file knows when given one.
  ///
  /// - Throws: ``PlacesCacheFileError`` when the file cannot be read; `GEOSError` if GEOS fails.
  init(
    provider: any PlacesProvider,
    query: PlacesQuery,
    policy: QueryPolicy,
    file: (file: PlacesCacheFile, scope: PlacesCacheScope)? = nil,
    hours: HoursJudge = HoursJudge(timeZone: nil),
    onSkipped: @escaping @Sendable (Int) -> Void = { _ in },
    onPagesRefused: @escaping @Sendable () -> Void = {},
    onNotices: @escaping @Sendable ([String]) -> Void = { _ in }
  ) throws {
    self.hours = hours
    self.onSkipped = onSkipped
    self.onPagesRefused = onPagesRefused
    self.onNotices = onNotices
    self.provider = provider
    self.query = query
    self.policy = policy
    self.file = file
    let stored = try file.map { try $0.file.knowledge(for: $0.scope) }
    cache = try PlacesCache(stored: stored)
    storedNotices = stored?.notices ?? []
  }

  /// The answer from the cache, or `nil` when the cache does not fully know the disk the fix
  /// needs (or the policy is ``QueryPolicy/everyFix``).
  func cachedAnswer(for fix: Fix, index: Int) -> PlacesAnswer? {
    guard policy != .everyFix, let centre = fix.coordinate else { return nil }
    if policy == .coverage { state.withLock { $0.planner.note(fix: centre) } }
    let (known, needed) = neededDisk(around: centre, at: fix.time)
    guard cache.covers(centre, radius: needed) else { return nil }
    let source: FinderEvent.Source =
      file != nil && cache.storedCovers(centre, radius: needed) ? .stored : .cache
    return answer(for: fix, index: index, from: known, source: source)
  }

  /// The K nearest known places around `centre` an answer at `time` may hold, and the radius
  /// that must be fully known for them to be the true K nearest: out to the K-th of them, or
  /// with fewer than K known, R. With ``PlacesQuery/isOpenOnly``, only places open at `time`
  /// count, so the disk reaches out to the K-th open place.
  ///
  /// The K-th distance is measured once and kept, so the answer built from `known` reuses it.
  private func neededDisk(
    around centre: Coordinate,
    at time: Date?
  ) -> ([Neighbor<Place>], Double) {
    var known = answerable(around: centre, at: time)
    guard known.count == query.limit else { return (known, query.radius) }
    let needed = known[known.count - 1].measure()
    return (known, needed)
  }

  /// The K nearest known places within R of `centre` that an answer at `time` may hold: all of
  /// them, or with ``PlacesQuery/isOpenOnly`` those open at `time` (asking for twice as many
  /// places each time fewer than K of those asked were open).
  private func answerable(around centre: Coordinate, at time: Date?) -> [Neighbor<Place>] {
    guard query.isOpenOnly else {
      return cache.nearest(query.limit, within: query.radius, of: centre)
    }
    var asked = query.limit * 2
    while true {
      let near = cache.nearest(asked, within: query.radius, of: centre)
      let open = near.filter { hours.verdict(for: $0.item, at: time) == .open }
      if open.count >= query.limit || near.count < asked {
        return Array(open.prefix(query.limit))
      }
      asked *= 2
    }
  }

  /// Where to search for a fix at `centre` the cache cannot answer, and how far: with the
  /// coverage policy, nearest first where it completes, with the disks the cache knows, the
  /// disks of the fixes to come (``SearchPlanner/coverPlan(for:needed:known:reach:)``), or within
  /// a radius larger than R where the fixes to come will use it
  /// (``SearchPlanner/radiusPlan(for:radius:)``); else at the fix, within R.
  ///
  /// - Parameters:
  ///   - needed: The radius around `centre` the answer needs known (``neededDisk(around:)``).
  ///   - planner: The planner, under the engine's lock.
  private func searchPlan(
    for centre: Coordinate,
    needed: Double,
    planner: inout SearchPlanner
  ) -> SearchPlanner.Plan {
    guard policy == .coverage else { return SearchPlanner.Plan(centre: centre, enoughRadius: nil) }
    guard isRankedByDistance else { return planner.radiusPlan(for: centre, radius: query.radius) }
    let cap = provider.resultLimit
    return planner.coverPlan(
      for: centre,
      needed: needed,
      known: cache.knownDisks(
        near: centre,
        within: needed + SearchPlanner.horizonRadii * query.radius
      )
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
  private func takePausedSearch(
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
  private func startSearch(
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
  /// plans; when a planned search (ahead, or wider than R) fell short of the fix (denser there
  /// than guessed, or capped), searches at the fix too.
  private func planAndSearch(for centre: Coordinate, at time: Date?) async throws(PlacesError) {
    let needed = neededDisk(around: centre, at: time).1
    let plan = state.withLock { searchPlan(for: centre, needed: needed, planner: &$0.planner) }
    try await search(
      around: plan.centre,
      reach: isRankedByDistance
        ? min(
          query.radius + Geodesic.distance(plan.centre, centre),
          plan.enoughRadius ?? query.radius
        ) : plan.enoughRadius ?? query.radius,
      for: centre,
      at: time
    )
    if plan != SearchPlanner.Plan(centre: centre, enoughRadius: nil), !isAnswerable(centre, time),
      !isBeyondCap
    {
      try await search(around: centre, for: centre, at: time)
    }
  }

  /// Whether the cache fully knows the disk a fix at `centre` needs at `time`.
  private func isAnswerable(_ centre: Coordinate, _ time: Date?) -> Bool {
    cache.covers(centre, radius: neededDisk(around: centre, at: time).1)
  }

  /// Whether K is more than one search returns: no one search answers a fix, the union of
  /// several does (``fillGaps(around:at:)``).
  private var isBeyondCap: Bool { query.limit > provider.resultLimit }

  /// The most searches made to fill the gaps of one fix's needed disk (``fillGaps(around:at:)``).
  static let mostGapSearches = 100

  /// With ``PlacesQuery/isOpenOnly`` and a capped provider asked nearest first (Places API
  /// (New)'s 20), the search at the fix may end before the K-th open place; with K beyond the
  /// cap, it always does: the disk the answer needs is then not fully known. Searches where the
  /// planner completes that disk with the known ones (K beyond the cap), else at the nearest
  /// point of it the cache does not know, until it is known (at most ``mostGapSearches``), so
  /// the answer stays the K nearest (open) places: a search whose answer holds fewer places
  /// than the cap knows its whole circle, so the union answers any K. Without either, a capped
  /// search at the fix always reaches the K-th place, and nothing is done.
  private func fillGaps(around centre: Coordinate, at time: Date?) async throws(PlacesError) {
    guard query.isOpenOnly || isBeyondCap, isRankedByDistance else { return }
    for _ in 0..<Self.mostGapSearches {
      var needed = neededDisk(around: centre, at: time).1
      guard !cache.covers(centre, radius: needed) else { return }
      if let spot = crowdedSpot(within: needed, of: centre) {
        // The answer needs the crowded spot unless the places nearer than it are enough: once
        // the disk short of it is known and they are not, no answer is exact. Short by
        // ``crowdClearance``: searches near the spot learn only slivers.
        needed = max(0, Geodesic.distance(spot, centre) - Self.crowdClearance)
        if cache.covers(centre, radius: needed) { throw crowded(spot) }
      } else {
        // Beyond the cap, where the planner finds a centre that completes the disk with the
        // known ones, there; else at the nearest gap.
        let plan =
          policy == .coverage && isBeyondCap
          ? state.withLock { searchPlan(for: centre, needed: needed, planner: &$0.planner) }
          : nil
        if let plan, !plan.isPreparing, plan.centre != centre {
          try await search(around: plan.centre, for: centre, at: time)
          continue
        }
      }
      guard let gap = cache.nearestUnknownPoint(to: centre, within: needed) else { return }
      try await search(around: gap, for: centre, at: time)
      if !cache.covers(gap, radius: 0) {
        // Every place the search returned lies within about a metre of the gap: no search
        // can tell whether more lie there.
        state.withLock { $0.crowdedSpots.append(gap) }
        throw crowded(gap)
      }
    }
    throw .notExact(
      "the \(query.limit) nearest places cannot be known exactly: \(Self.mostGapSearches) "
        + "searches of at most \(provider.resultLimit) places each did not tell apart the places "
        + "crowded within \(JSONValue.format(neededDisk(around: centre, at: time).1.rounded())) m"
    )
  }

  /// How far short of a crowded spot the places nearer than it are counted, in metres: a fix
  /// whose K-th nearest place lies closer to the spot than this is refused too, but the hole the
  /// searches leave around the spot (about a metre, as ``coverageMargin``, and half a percent of
  /// their distance) is not searched sliver by sliver for every fix.
  static let crowdClearance = 5.0

  /// The nearest spot known to be crowded (``State/crowdedSpots``) within about `radius` of
  /// `centre`, if any.
  private func crowdedSpot(within radius: Double, of centre: Coordinate) -> Coordinate? {
    state.withLock { state in
      state.crowdedSpots.filter { Geodesic.distance($0, centre) <= radius + 1 }
        .min { Geodesic.distance($0, centre) < Geodesic.distance($1, centre) }
    }
  }

  /// A latitude or longitude to 6 decimals (0.1 m), for messages.
  private static func rounded(_ degrees: Double) -> String {
    JSONValue.format((degrees * 1e6).rounded() / 1e6)
  }

  /// Why a disk holding the crowded `spot` cannot be known, and what answers instead.
  private func crowded(_ spot: Coordinate) -> PlacesError {
    let cap = provider.resultLimit
    let advice =
      isBeyondCap
      ? "; --limit \(cap) or less answers it" : "; without --open the search answers it"
    return .notExact(
      "at least \(cap) places lie within about 1 m of "
        + "\(Self.rounded(spot.latitude)),\(Self.rounded(spot.longitude)), and one "
        + "search returns at most \(cap), so the \(query.limit) nearest\(query.isOpenOnly ? " open" : "") "
        + "places cannot be known exactly" + advice
    )
  }

  /// Whether searches ask for the nearest places first (a type or a keyword), so that a capped
  /// search is still complete out to its farthest result; not when one answer holds every place
  /// within the radius (``PlacesProvider/isCompleteWithinRadius``), which then covers the disk.
  private var isRankedByDistance: Bool {
    !provider.isCompleteWithinRadius
      && (!(query.type ?? "").isEmpty || !(query.keyword ?? "").isEmpty)
  }

  /// Whether a search is running too far from `fix` to help it, so it no longer matters.
  func isInFlightSearchStale(for fix: Fix) -> Bool {
    guard let centre = fix.coordinate else { return false }
    return state.withLock {
      guard let inFlight = $0.inFlight else { return false }
      return Geodesic.distance(inFlight.centre, centre) > query.radius
    }
  }

  /// What a search for a fix does next, decided in one hold of the lock.
  private enum Step {
    /// A search that ended since the fix last asked covered it: ask the cache again.
    case covered
    /// Wait for the search in flight near the fix, then ask the cache again.
    case wait(Task<PlacesError?, Never>)
    /// A newer fix was delivered while this one waited.
    case superseded
    /// This search was started and registered as the one in flight.
    case run(Task<PlacesError?, Never>)
  }

  /// The answer for a fix the cache could not give: waits for a nearby search in flight, asks
  /// the cache again, and searches if it still must.
  ///
  /// Checking for a search in flight and registering a new one happen in one hold of the lock,
  /// so two fixes never start two searches of the same area.
  ///
  /// - Throws: ``PlacesError`` when the search fails after every round
  ///   (``searchRounds(hasSucceeded:)``).
  ///
  /// - Parameter onRoundFailed: Told when a round of the provider's attempts failed and the
  ///   search is made again, with the round (from 1).
  func networkAnswer(
    for fix: Fix,
    index: Int,
    onRoundFailed: @escaping @Sendable (PlacesError, Int) -> Void = { _, _ in }
  ) async throws(PlacesError) -> PlacesAnswer {
    guard let centre = fix.coordinate else {
      throw .invalidSearch("fix \(index) has no valid position")
    }
    if policy == .everyFix {
      return try await everyFixAnswer(for: fix, index: index, centre: centre)
    }
    while true {
      let step = state.withLock { state -> Step in
        if let running = state.inFlight,
          Geodesic.distance(running.centre, centre) <= query.radius
        {
          return .wait(running.task)
        }
        // A search teaches the cache before it is no longer in flight: with none in flight, the
        // cache already knows what every search so far found.
        let needed = neededDisk(around: centre, at: fix.time).1
        if cache.covers(centre, radius: needed) { return .covered }
        // While this search waited (paced replays against a slow API), the user moved on: the
        // newer fix gets its own answer, and this one would only spend a request on the past.
        if index < state.newestFix { return .superseded }
        let task = startSearch(
          for: centre,
          at: fix.time,
          resuming: takePausedSearch(for: centre, needed: needed, from: &state),
          rounds: Self.searchRounds(hasSucceeded: state.succeeded),
          onRoundFailed: onRoundFailed
        )
        state.inFlight = InFlight(centre: centre, task: task)
        return .run(task)
      }
      switch step {
      case .covered:
        if let cached = cachedAnswer(for: fix, index: index) { return cached }
      case .wait(let running):
        _ = await running.value
        // The search is over: it is no longer in flight, even before the effect that started it
        // runs again. (Left registered, this loop would find the finished task again and again
        // without ever suspending, and on a small machine starve that very effect.)
        endInFlight(running)
        if let cached = cachedAnswer(for: fix, index: index) { return cached }
      case .superseded:
        throw .cancelled
      case .run(let task):
        return try await answer(for: fix, index: index, centre: centre, searchedBy: task)
      }
    }
  }

  /// Notes that the search `task` did is over, unless another search has taken its place.
  private func endInFlight(_ task: Task<PlacesError?, Never>) {
    state.withLock {
      if $0.inFlight?.task == task { $0.inFlight = nil }
    }
  }

  /// Waits for the search this fix started, cancelling it if the waiting task is cancelled,
  /// and answers from the cache it taught.
  private func answer(
    for fix: Fix,
    index: Int,
    centre: Coordinate,
    searchedBy task: Task<PlacesError?, Never>
  ) async throws(PlacesError) -> PlacesAnswer {
    let failure = await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
    endInFlight(task)
    if let failure { throw failure }
    if Task.isCancelled { throw .cancelled }
    noteSuccess()
    let (known, needed) = neededDisk(around: centre, at: fix.time)
    // Where gaps are filled, the answer is exact only when its disk is known; elsewhere a
    // search at the fix gave the provider's own nearest places.
    if query.isOpenOnly || isBeyondCap, isRankedByDistance, !cache.covers(centre, radius: needed) {
      throw .notExact(
        "the \(query.limit) nearest places cannot be known exactly: the searches left part of "
          + "the \(JSONValue.format(needed.rounded())) m around the fix unknown"
      )
    }
    return answer(for: fix, index: index, from: known, source: .network)
  }

  /// Searches around `centre` for the fix at `fix` (at `time`) and teaches the cache what was
  /// found and how far the search is complete: nearest first, page by page until `reach` is
  /// covered, or within the radius `reach` (R by default; for a planned search, what its plan
  /// counted on). A search nearest first stops early, paused, once the fix can be answered
  /// (``proceed(_:for:at:)``).
  private func search(
    around centre: Coordinate,
    reach: Double? = nil,
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
      PausedSearch(centre: centre, reach: radius, budget: PageBudget(for: provider)),
      from: page,
      for: fix,
      at: time
    )
  }

  /// Fetches the next page of a paused search for the fix at `fix`, and goes on from there.
  private func proceed(
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
  private func proceed(
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
      var isCapped = search.found.count >= provider.resultLimit
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
        record(learned, of: search, coveredRadius: covered)
        return
      }
      if byDistance {
        let covered = cappedCoverage(of: search.found, around: search.centre)
        cache.learn(fresh, around: search.centre, coveredRadius: covered)
        if covered >= search.reach {
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
  private func isStandingStill(at fix: Coordinate) -> Bool {
    state.withLock { $0.planner.movement(to: fix) == nil }
  }

  /// Tells the planner how far `search` is now complete, and records in the places cache file
  /// the places it found since it last recorded.
  private func record(
    _ places: [Place],
    of search: PausedSearch,
    coveredRadius covered: Double,
    paused: Bool = false
  ) {
    state.withLock {
      $0.planner.note(search: search.centre, coveredRadius: covered, mayGrow: paused)
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
  private func note(_ page: PlacesPage) {
    if !page.notices.isEmpty { onNotices(page.notices) }
    let invalid = page.places.count { place in
      (try? Coordinate(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude))
        == nil
    }
    let skipped = page.skippedResults + invalid
    if skipped > 0 { onSkipped(skipped) }
  }

  /// How far a nearest-first answer that may go on is complete: just short of its farthest place.
  private func cappedCoverage(of found: [Place], around centre: Coordinate) -> Double {
    let farthest =
      found.map { Geodesic.distance(centre, $0.coordinate) }.max() ?? 0
    return max(0, farthest * Self.coverageShrink - Self.coverageMargin)
  }

  /// The baseline: one search per fix, answered from its own results only.
  private func everyFixAnswer(
    for fix: Fix,
    index: Int,
    centre: Coordinate
  ) async throws(PlacesError)
    -> PlacesAnswer
  {
    let byDistance = isRankedByDistance
    let search = NearbySearch(
      location: centre,
      ranking: byDistance ? .distance : .prominence(radius: query.radius),
      type: query.type,
      keyword: query.keyword
    )
    // With --open, every result may be needed: the nearest may be closed.
    let found = try await provider.searchAllPages(
      search,
      limit: byDistance && !query.isOpenOnly ? query.limit : provider.resultLimit,
      onPage: note
    )
    noteSuccess()
    var results = SpatialIndex(found).within(query.radius, of: centre)
    if query.isOpenOnly {
      results.removeAll { hours.verdict(for: $0.item, at: fix.time) != .open }
    }
    return answer(
      for: fix,
      index: index,
      from: Array(results.prefix(query.limit)),
      source: .network
    )
  }

  private func answer(
    for fix: Fix,
    index: Int,
    from known: [Neighbor<Place>],
    source: FinderEvent.Source
  ) -> PlacesAnswer {
    PlacesAnswer(
      fixIndex: index,
      latitude: fix.latitude,
      longitude: fix.longitude,
      radius: query.radius,
      source: source,
      places: known.map {
        NearbyPlace(
          $0.item,
          distance: $0.distance(),
          openAtFix: hours.verdict(for: $0.item, at: fix.time).isOpen
        )
      }
    )
  }
}

extension Fix {
  /// The fix's position as a validated coordinate, or `nil` when it is not one.
  var coordinate: Coordinate? {
    try? Coordinate(latitude: latitude, longitude: longitude)
  }
}
