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

/// Answers delivered fixes with the K nearest places within R: from the coverage cache when it
/// fully knows the disk the fix needs, otherwise with a search (``QueryPolicy``).
///
/// Safe to share between effects. A search near one already running waits for it and then asks
/// the cache again, so no two requests cover the same area; a search superseded by a newer fix
/// while it waited is dropped.
///
/// This file holds what fixes share: searches in flight, retry rounds and the answer. The rest
/// lives beside it, one job a file: the disk an answer needs (`PlacesEngine+NeededDisk`), where
/// to search and how a search's pages teach the ``CoverageCache`` (`PlacesEngine+Search`, with
/// ``SearchPlanner``), filling the gaps of a disk beyond the cap or with `--open`
/// (`PlacesEngine+Gaps`), and the every-fix baseline (`PlacesEngine+EveryFix`).
///
/// Ranking by prominence (no type and no keyword) can only be complete when a search is not
/// capped; the CLI therefore requires a type or a keyword.
final class PlacesEngine: Sendable {
  /// A search in flight: the fix it is for, and the task doing it (which ends with its error,
  /// if any). The search itself may be centred ahead of the fix (``SearchPlanner``).
  struct InFlight {
    var centre: Coordinate
    var task: Task<PlacesError?, Never>
  }

  /// What searches share, behind the lock.
  struct State {
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

  let cache: CoverageCache

  /// The cache and searches in flight this engine shares with other finders', or `nil`.
  let shared: SharedCoverageCache?

  /// Decides `open_at_fix` for the places of every answer (and which places `--open` keeps).
  let hours: HoursJudge

  /// Where searches are kept for later runs, and under which scope; `nil` keeps nothing.
  let file: (file: any PlacesCacheStorage, scope: PlacesCacheScope)?

  /// Told how many results of a page could not be used (``ForageProviders/PlacesPage/skippedResults``
  /// and places whose position is not a coordinate), when there are any.
  let onSkipped: @Sendable (Int) -> Void

  /// Told when the API never accepted a page token however long the provider waited: from then
  /// on, searches keep their first page only.
  let onPagesRefused: @Sendable () -> Void

  /// Told the notices an answer carried about its data (``ForageProviders/PlacesPage/notices``),
  /// when it carried any.
  let onNotices: @Sendable ([String]) -> Void

  /// The notices about its data that the places cache file kept with what it knows.
  let storedNotices: [String]

  let state = Mutex(State())

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
  func noteSuccess() {
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
  /// - Throws: What the ``PlacesCacheStorage`` throws when it cannot be read; `GEOSError` if
  ///   GEOS fails.
  ///
  /// - Parameter shared: A cache shared with other finders, used instead of a cache of its own
  ///   (filled from `file` by the first finder that starts).
  init(
    provider: any PlacesProvider,
    query: PlacesQuery,
    policy: QueryPolicy,
    file: (file: any PlacesCacheStorage, scope: PlacesCacheScope)? = nil,
    sharing shared: SharedCoverageCache? = nil,
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
    self.shared = shared
    // What other processes record reaches the cache while the run goes on: once a cache, by
    // the finder that made it; their notices reach every finder that shares it.
    let follow = { (cache: CoverageCache, tell: @escaping @Sendable ([String]) -> Void) in
      guard let file else { return }
      file.file.follow(file.scope) { knowledge in
        cache.learn(knowledge)
        if !knowledge.notices.isEmpty { tell(knowledge.notices) }
      }
    }
    if let shared {
      shared.listen(onNotices)
      (cache, storedNotices) = try shared.cache(
        stored: { try file.map { try $0.file.knowledge(for: $0.scope) } },
        whenMade: { follow($0, shared.tell) }
      )
      return
    }
    let stored = try file.map { try $0.file.knowledge(for: $0.scope) }
    let cache = try CoverageCache(stored: stored)
    self.cache = cache
    storedNotices = stored?.notices ?? []
    follow(cache, onNotices)
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

  /// Whether searches ask for the nearest places first (a type or a keyword), so that a capped
  /// search is still complete out to its farthest result; not when one answer holds every place
  /// within the radius (``PlacesProviderCapabilities/isCompleteWithinRadius``), which then covers the disk.
  var isRankedByDistance: Bool {
    !provider.capabilities.isCompleteWithinRadius
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
        if let shared {
          // Another finder's search near this fix is waited for as this engine's own would be.
          let (task, isNew) = shared.search(near: centre, within: query.radius) {
            InFlight(
              centre: centre,
              task: startSearch(
                for: centre,
                at: fix.time,
                resuming: takePausedSearch(for: centre, needed: needed, from: &state),
                rounds: Self.searchRounds(hasSucceeded: state.succeeded),
                onRoundFailed: onRoundFailed
              )
            )
          }
          guard isNew else { return .wait(task) }
          state.inFlight = InFlight(centre: centre, task: task)
          return .run(task)
        }
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
  func endInFlight(_ task: Task<PlacesError?, Never>) {
    state.withLock {
      if $0.inFlight?.task == task { $0.inFlight = nil }
    }
    shared?.end(task)
  }

  /// Waits for the search this fix started, cancelling it if the waiting task is cancelled,
  /// and answers from the cache it taught.
  func answer(
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

  func answer(
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
