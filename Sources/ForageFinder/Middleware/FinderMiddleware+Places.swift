import ForageHours
import ForageProviders
import Synchronization

extension FinderMiddleware {
  /// The places middleware: answers each delivered fix with the K nearest places within R of
  /// the run's ``FinderOptions/query``, from its coverage cache when it can and otherwise with a
  /// search through `provider` (``FinderOptions/policy``).
  ///
  /// Each run starts with an empty coverage cache (or what `cacheFile` knows). Searches are effects labelled
  /// `search fix N`; a search made stale by a newer fix far away is cancelled (latest wins).
  ///
  /// With a ``PlacesCacheStorage`` (such as ForagePlacesCache's `PlacesCacheFile`), the run
  /// starts from what it knows for this API, type and keyword (answers it alone covers are
  /// `stored`), and every search is kept in it.
  ///
  /// - Parameters:
  ///   - provider: Where places come from: Google Nearby Search (legacy), Places API (New), or
  ///     a test double.
  ///   - requestCount: Reads how many HTTP requests `provider` has sent, for the summary's
  ///     `requests` (and its `requests_by_sku`, when the provider knows its
  ///     `ForageProviders/PlacesProviderCapabilities/sku`); `nil` counts none.
  ///   - cacheFile: Where searches are kept between runs and processes, or `nil`.
  ///   - api: Names the API `provider` asks, so that a cache file never mixes two APIs'
  ///     answers (``PlacesBackend/identity`` for a backend).
  ///   - hours: Decides every answered place's `open_at_fix` (and which places `--open`
  ///     keeps), and counts those it cannot decide; by default with no time zone.
  ///   - onSkipped: Told how many results of an answer could not be used (an impossible
  ///     coordinate, no id), each time an answer has any; the places are left out.
  ///   - shared: A coverage cache this finder shares with others of the same query (a fleet of
  ///     receivers), or `nil` for a cache of its own.
  ///   - clock: The clock `provider` waits on: a search whose every attempt failed is made
  ///     again on it, after the wait the server asked for (`Retry-After`), if any.
  public static func places(
    _ provider: any PlacesProvider,
    requestCount: (@Sendable () -> Int)? = nil,
    cacheFile: (any PlacesCacheStorage)? = nil,
    api: String = "places",
    hours: HoursJudge = HoursJudge(timeZone: nil),
    onSkipped: @escaping @Sendable (Int) -> Void = { _ in },
    sharing shared: SharedCoverageCache? = nil,
    clock: any Clock<Duration> = ContinuousClock()
  ) -> FinderMiddleware {
    places(
      provider,
      notices: provider.attribution.map { [$0] } ?? [],
      requestCount: requestCount,
      cacheFile: cacheFile,
      api: api,
      hours: hours,
      sharing: shared,
      clock: clock,
      onSkipped: onSkipped
    )
  }

  /// The places middleware, putting `notices` (what the data asks to be shown with it) in the
  /// run's summary.
  private static func places(
    _ provider: any PlacesProvider,
    notices: [String],
    requestCount: (@Sendable () -> Int)?,
    cacheFile: (any PlacesCacheStorage)?,
    api: String,
    hours: HoursJudge,
    sharing shared: SharedCoverageCache? = nil,
    clock: any Clock<Duration>,
    onSkipped: @escaping @Sendable (Int) -> Void,
    cap: SearchCap? = nil
  ) -> FinderMiddleware {
    FinderMiddleware(
      "places",
      setUp: { setup in
        let query = setup.options.query
        // Whether the API's answers added notices since the attribution was last settled.
        let hasNewNotices = Mutex(false)
        let engine = try PlacesEngine(
          provider: provider,
          query: query,
          policy: setup.options.policy,
          file: cacheFile.map { ($0, PlacesCacheScope(api: api, query: query)) },
          sharing: shared,
          hours: hours,
          clock: clock,
          onSkipped: onSkipped,
          cap: cap,
          onNotices: { [weak setup] notices in
            for notice in notices where setup?.attribute(notice) == true {
              hasNewNotices.withLock { $0 = true }
            }
          }
        )
        for notice in notices + engine.storedNotices { setup.attribute(notice) }
        // The whole attribution, once the API's answers have added to it since it was last
        // settled: dispatched before the answer that taught it, so that a replay stopped there
        // already shows it.
        let newAttribution: @Sendable () -> String? = { [weak setup] in
          let isNew = hasNewNotices.withLock { flag -> Bool in
            defer { flag = false }
            return flag
          }
          return isNew ? setup?.attribution : nil
        }
        if let requestCount {
          // Counts only this run's requests, whatever the provider sent before.
          let before = requestCount()
          setup.countRequests(billedAs: provider.capabilities.sku?.id) { requestCount() - before }
        }
        // Weakly: the setup keeps its hooks, and a hook keeping the setup would keep the engine
        // (and a places cache file, unclosed) for ever.
        setup.onTrackEnd { [weak setup] in
          guard let setup else { return [] }
          var actions: [FinderAction] = []
          if setup.isCoverageWanted { actions.append(.coverageSettled(engine.cache.outline)) }
          // Notices from a search whose answer was never dispatched (overtaken by a newer fix).
          if let attribution = newAttribution() { actions.append(.attributionSettled(attribution)) }
          return actions
        }
        return PlacesMiddleware.body(engine, newAttribution: newAttribution)
      }
    )
  }

  /// The places middleware over a backend: its provider, with its requests counted and its
  /// data's attribution (``PlacesBackend/attribution``) in the summary.
  ///
  /// - Parameters:
  ///   - backend: The Places API and its request counter; kept alive by the middleware.
  ///   - cacheFile: Where searches are kept between runs and processes, or `nil`.
  ///   - hours: Decides every answered place's `open_at_fix`; by default with no time zone.
  ///   - shared: A coverage cache this finder shares with others of the same query (a fleet of
  ///     receivers), or `nil` for a cache of its own.
  public static func places(
    _ backend: PlacesBackend,
    cacheFile: (any PlacesCacheStorage)? = nil,
    hours: HoursJudge = HoursJudge(timeZone: nil),
    sharing shared: SharedCoverageCache? = nil
  ) -> FinderMiddleware {
    places(
      backend.provider,
      notices: backend.notices,
      requestCount: { backend.requestCount },
      cacheFile: cacheFile,
      api: backend.identity,
      hours: hours,
      sharing: shared,
      clock: backend.clock,
      onSkipped: { backend.noteSkipped($0) },
      cap: backend.searchCap
    )
  }
}
