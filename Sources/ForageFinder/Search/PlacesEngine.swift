import ForageGeodesy
import ForageHours
import ForageLocation
import ForagePlaceModel
import ForageProviders
import ForageSpatialIndex
import ForageSupport
import ForageTracks
import Foundation

/// Answers delivered fixes with the K nearest places within R: from the coverage cache when it
/// fully knows the disk the fix needs, otherwise with a search (``QueryPolicy``).
///
/// Safe to share between effects. A search near one already running waits for it and then asks
/// the cache again, so no two requests cover the same area; a search superseded by a newer fix
/// while it waited is dropped.
///
/// The engine only puts together the parts that do the work, one job each:
/// - ``NeededDisk``: the disk an answer needs known, and the known places it may hold;
/// - ``SearchesInFlight``: whether a fix waits for a search near it or starts its own;
/// - ``SearchRounds``: how a failed search is made again, and the searches' health;
/// - ``FixSearch``: the search for one fix, with ``SearchPlacement`` (where, with the
///   ``SearchPlanner``), ``SearchPager`` (its pages, how far they are complete, paused
///   searches; ``CappedCoverage``) and ``GapFiller`` (beyond the cap, and `--open`);
/// - ``PlacesCacheLink``: the places cache it starts from and records in;
/// - ``SearchNotes``: what pages tell the run besides their places;
/// - ``EveryFixSearch``: the every-fix baseline.
final class PlacesEngine: Sendable {
  let provider: any PlacesProvider

  let query: PlacesQuery

  let policy: QueryPolicy

  /// What every search taught: the in-memory union of the disks known.
  let cache: CoverageCache

  /// Decides `open_at_fix` for the places of every answer (and which places `--open` keeps).
  let hours: HoursJudge

  /// The notices about its data that the places cache kept with what it knows.
  let storedNotices: [String]

  /// The places cache this engine started from and records in, or `nil`.
  let link: PlacesCacheLink?

  let neededDisk: NeededDisk

  let inFlight: SearchesInFlight

  let rounds: SearchRounds

  let placement: SearchPlacement

  let fixSearch: FixSearch

  let everyFix: EveryFixSearch

  /// Creates an engine, starting from what a places cache knows when given one.
  ///
  /// - Throws: What the ``PlacesCacheStorage`` throws when it cannot be read; `GEOSError` if
  ///   GEOS fails.
  ///
  /// - Parameters:
  ///   - file: Where searches are kept for later runs, and under which scope; `nil` keeps
  ///     nothing.
  ///   - clock: The clock a search waits on before it is made again after a failed round: the
  ///     provider's, so that a virtual replay does not wait for real.
  ///   - shared: A cache shared with other finders, used instead of a cache of its own (filled
  ///     from `file` by the first finder that starts).
  ///   - onSkipped: Told how many results of a page could not be used
  ///     (``SearchNotes/onSkipped``).
  ///   - cap: How many places a search returns, shared with the other engines of one
  ///     ``PlacesBackend`` (so that one refused page token tells them all); `nil` for a cap of
  ///     its own.
  ///   - onNotices: Told the notices an answer carried about its data
  ///     (``SearchNotes/onNotices``).
  init(
    provider: any PlacesProvider,
    query: PlacesQuery,
    policy: QueryPolicy,
    file: (file: any PlacesCacheStorage, scope: PlacesCacheScope)? = nil,
    sharing shared: SharedCoverageCache? = nil,
    hours: HoursJudge = HoursJudge(timeZone: nil),
    clock: any Clock<Duration> = ContinuousClock(),
    onSkipped: @escaping @Sendable (Int) -> Void = { _ in },
    cap: SearchCap? = nil,
    onNotices: @escaping @Sendable ([String]) -> Void = { _ in }
  ) throws {
    self.provider = provider
    self.query = query
    self.policy = policy
    self.hours = hours
    rounds = SearchRounds(clock: clock)
    let link = file.map { PlacesCacheLink(storage: $0.file, scope: $0.scope) }
    self.link = link
    let notes = SearchNotes(
      onSkipped: onSkipped,
      onNotices: onNotices
    )
    // What other processes record reaches the cache while the run goes on: once a cache, by
    // the finder that made it; their notices reach every finder that shares it.
    if let shared {
      shared.listen(onNotices)
      (cache, storedNotices) = try shared.cache(
        stored: { try link?.knowledge() },
        whenMade: { link?.follow(into: $0, tell: shared.tell) }
      )
    } else {
      let stored = try link?.knowledge()
      cache = try CoverageCache(stored: stored)
      storedNotices = stored?.notices ?? []
      link?.follow(into: cache, tell: onNotices)
    }
    let cap = cap ?? SearchCap(provider.capabilities)
    neededDisk = NeededDisk(cache: cache, query: query, hours: hours)
    inFlight = SearchesInFlight(nearness: query.radius, shared: shared)
    placement = SearchPlacement(cache: cache, query: query, cap: cap, policy: policy)
    let pager = SearchPager(
      provider: provider,
      query: query,
      neededDisk: neededDisk,
      placement: placement,
      cap: cap,
      link: link,
      notes: notes
    )
    fixSearch = FixSearch(
      query: query,
      cap: cap,
      neededDisk: neededDisk,
      placement: placement,
      pager: pager,
      gaps: GapFiller(
        query: query,
        cap: cap,
        neededDisk: neededDisk,
        placement: placement,
        pager: pager
      ),
      rounds: rounds
    )
    everyFix = EveryFixSearch(provider: provider, query: query, hours: hours, notes: notes)
  }

  /// Notes that the fix at `index` was delivered: searches for older fixes no longer matter.
  func noteDelivered(_ index: Int) {
    inFlight.noteDelivered(index)
  }

  /// Whether any search of this engine has succeeded.
  var hasSucceeded: Bool { rounds.hasSucceeded }

  /// Notes a search that failed after every round and returns how many in a row have.
  func noteFailure() -> Int {
    rounds.noteFailure()
  }

  /// Whether a search is running too far from `fix` to help it, so it no longer matters.
  func isInFlightSearchStale(for fix: Fix) -> Bool {
    guard let centre = fix.coordinate else { return false }
    return inFlight.isStale(for: centre)
  }

  /// The answer from the cache, or `nil` when the cache does not fully know the disk the fix
  /// needs (or the policy is ``QueryPolicy/everyFix``).
  func cachedAnswer(for fix: Fix, index: Int) -> PlacesAnswer? {
    guard policy != .everyFix, let centre = fix.coordinate else { return nil }
    placement.note(fix: centre)
    let (known, needed) = neededDisk.around(centre, at: fix.time)
    guard neededDisk.isAnswerable(centre, needing: needed) else { return nil }
    let source: FinderEvent.Source =
      link != nil && cache.storedCovers(centre, radius: needed) ? .stored : .cache
    return answer(for: fix, index: index, from: known, source: source)
  }

  /// The answer for a fix the cache could not give: waits for a nearby search in flight, asks
  /// the cache again, and searches if it still must (``SearchesInFlight/step(for:index:isCovered:start:)``).
  ///
  /// - Throws: ``PlacesError`` when the search fails after every round (``SearchRounds``).
  ///
  /// - Parameter onRoundFailed: Told when a round of the provider's attempts failed and the
  ///   search is made again, with the round (from 1) and the wait before it.
  func networkAnswer(
    for fix: Fix,
    index: Int,
    onRoundFailed: @escaping PlacesRetryObserver.Handler = { _, _, _ in }
  ) async throws(PlacesError) -> PlacesAnswer {
    guard let centre = fix.coordinate else {
      throw .invalidSearch("fix \(index) has no valid position")
    }
    if policy == .everyFix {
      // Made again in rounds as a coverage search is, so that the baseline meets the same
      // passing faults with the same patience.
      var answer: PlacesAnswer? = nil
      let failure = await rounds.run(rounds.policy, onRoundFailed: onRoundFailed) {
        () async throws(PlacesError) in
        answer = try await everyFix.answer(for: fix, index: index, centre: centre)
      }
      if let failure { throw failure }
      guard let answer else { throw .cancelled }
      rounds.noteSuccess()
      return answer
    }
    while true {
      var needed = query.radius
      let step = inFlight.step(
        for: centre,
        index: index,
        isCovered: {
          needed = neededDisk.around(centre, at: fix.time).radius
          return neededDisk.isAnswerable(centre, needing: needed)
        },
        start: {
          fixSearch.start(
            for: centre,
            at: fix.time,
            resuming: fixSearch.pager.takePausedSearch(for: centre, needed: needed),
            policy: rounds.policy,
            onRoundFailed: onRoundFailed
          )
        }
      )
      switch step {
      case .covered:
        if let cached = cachedAnswer(for: fix, index: index) { return cached }
      case .wait(let running):
        _ = await running.value
        // The search is over: it is no longer in flight, even before the effect that started it
        // runs again. (Left registered, this loop would find the finished task again and again
        // without ever suspending, and on a small machine starve that very effect.)
        inFlight.end(running)
        if let cached = cachedAnswer(for: fix, index: index) { return cached }
      case .superseded:
        throw .cancelled
      case .run(let task):
        return try await answer(for: fix, index: index, centre: centre, searchedBy: task)
      }
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
    inFlight.end(task)
    if let failure { throw failure }
    if Task.isCancelled { throw .cancelled }
    rounds.noteSuccess()
    let (known, needed) = neededDisk.around(centre, at: fix.time)
    // Where gaps are filled, the answer is exact only when its disk is known, or ranked by a
    // search at the fix; elsewhere a search at the fix gave the provider's own nearest places.
    if fixSearch.gaps.isFilling, !neededDisk.isAnswerable(centre, needing: needed) {
      throw .notExact(
        "the \(query.limit) nearest places cannot be known exactly: the searches left part of "
          + "the \(JSONValue.format(needed.rounded())) m around the fix unknown"
      )
    }
    return answer(for: fix, index: index, from: known, source: .network)
  }

  /// The answer for a fix from the known places `known`.
  private func answer(
    for fix: Fix,
    index: Int,
    from known: [Neighbor<Place>],
    source: FinderEvent.Source
  ) -> PlacesAnswer {
    PlacesAnswer(
      for: fix,
      index: index,
      radius: query.radius,
      source: source,
      from: known,
      hours: hours
    )
  }
}

extension Fix {
  /// The fix's position as a validated coordinate, or `nil` when it is not one.
  var coordinate: Coordinate? {
    try? Coordinate(latitude: latitude, longitude: longitude)
  }
}
