import ForagePlaces
import Synchronization

extension FinderMiddleware {
  /// The places middleware: answers each delivered fix with the K nearest places within R of
  /// the run's ``FinderOptions/query``, from its coverage cache when it can and otherwise with a
  /// search through `provider` (``FinderOptions/policy``).
  ///
  /// Each run starts with an empty coverage cache (or what `cacheFile` knows). Searches are effects labelled
  /// `search fix N`; a search made stale by a newer fix far away is cancelled (latest wins).
  ///
  /// With a ``PlacesCacheFile``, the run starts from what the file knows for this API, type
  /// and keyword (answers it alone covers are `stored`), and every search is kept in it.
  ///
  /// - Parameters:
  ///   - provider: Where places come from: Google Nearby Search (legacy), Places API (New), or
  ///     a test double.
  ///   - requestCount: Reads how many HTTP requests `provider` has sent, for the summary's
  ///     `requests`; `nil` counts none.
  ///   - cacheFile: Where searches are kept between runs and processes, or `nil`.
  ///   - api: Names the API `provider` asks, so that a cache file never mixes two APIs'
  ///     answers (``PlacesBackend/identity`` for a backend).
  ///   - onSkipped: Told how many results of an answer could not be used (an impossible
  ///     coordinate, no id), each time an answer has any; the places are left out.
  public static func places(
    _ provider: any PlacesProvider,
    requestCount: (@Sendable () -> Int)? = nil,
    cacheFile: PlacesCacheFile? = nil,
    api: String = "places",
    onSkipped: @escaping @Sendable (Int) -> Void = { _ in }
  ) -> FinderMiddleware {
    places(
      provider,
      attribution: provider.attribution,
      requestCount: requestCount,
      cacheFile: cacheFile,
      api: api,
      onSkipped: onSkipped
    )
  }

  /// The places middleware, putting `attribution` (the notice the data asks for) in the run's
  /// summary.
  private static func places(
    _ provider: any PlacesProvider,
    attribution: String?,
    requestCount: (@Sendable () -> Int)?,
    cacheFile: PlacesCacheFile?,
    api: String,
    onSkipped: @escaping @Sendable (Int) -> Void
  ) -> FinderMiddleware {
    FinderMiddleware(
      "places",
      setUp: { setup in
        let query = setup.options.query
        // Notices the API's answers add to those known now are settled at the end of the track.
        let hasNewNotices = Mutex(false)
        let engine = try PlacesEngine(
          provider: provider,
          query: query,
          policy: setup.options.policy,
          file: cacheFile.map {
            ($0, PlacesCacheScope(api: api, type: query.type, keyword: query.keyword))
          },
          onSkipped: onSkipped,
          onNotices: { [weak setup] notices in
            for notice in notices where setup?.attribute(notice) == true {
              hasNewNotices.withLock { $0 = true }
            }
          }
        )
        if let attribution { setup.attribute(attribution) }
        for notice in engine.storedNotices { setup.attribute(notice) }
        if let requestCount {
          // Counts only this run's requests, whatever the provider sent before.
          let before = requestCount()
          setup.countRequests { requestCount() - before }
        }
        // Weakly: the setup keeps its hooks, and a hook keeping the setup would keep the engine
        // (and a places cache file, unclosed) for ever.
        setup.onTrackEnd { [weak setup] in
          guard let setup else { return [] }
          var actions: [FinderAction] = []
          if setup.isCoverageWanted { actions.append(.coverageSettled(engine.cache.outline)) }
          if hasNewNotices.withLock({ $0 }), let attribution = setup.attribution {
            actions.append(.attributionSettled(attribution))
          }
          return actions
        }
        return PlacesMiddleware.body(engine)
      }
    )
  }

  /// The places middleware over a backend: its provider, with its requests counted and its
  /// data's attribution (``PlacesBackend/attribution``) in the summary.
  ///
  /// - Parameters:
  ///   - backend: The Places API and its request counter; kept alive by the middleware.
  ///   - cacheFile: Where searches are kept between runs and processes, or `nil`.
  public static func places(
    _ backend: PlacesBackend,
    cacheFile: PlacesCacheFile? = nil
  ) -> FinderMiddleware {
    places(
      backend.provider,
      attribution: backend.attribution,
      requestCount: { backend.requestCount },
      cacheFile: cacheFile,
      api: backend.identity,
      onSkipped: { backend.noteSkipped($0) }
    )
  }
}
