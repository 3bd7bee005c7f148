import ForagePlaces

extension FinderMiddleware {
  /// The places middleware: answers each delivered fix with the K nearest places within R of
  /// the run's ``FinderOptions/query``, from its coverage cache when it can and otherwise with a
  /// search through `provider` (``FinderOptions/policy``).
  ///
  /// Each run starts with an empty coverage cache. Searches are effects labelled
  /// `search fix N`; a search made stale by a newer fix far away is cancelled (latest wins).
  ///
  /// - Parameters:
  ///   - provider: Where places come from: Google Nearby Search (legacy), Places API (New), or
  ///     a test double.
  ///   - requestCount: Reads how many HTTP requests `provider` has sent, for the summary's
  ///     `requests`; `nil` counts none.
  public static func places(
    _ provider: any PlacesProvider,
    requestCount: (@Sendable () -> Int)? = nil
  ) -> FinderMiddleware {
    FinderMiddleware(
      "places",
      setUp: { setup in
        let engine = try PlacesEngine(
          provider: provider,
          query: setup.options.query,
          policy: setup.options.policy
        )
        if let requestCount {
          // Counts only this run's requests, whatever the provider sent before.
          let before = requestCount()
          setup.countRequests { requestCount() - before }
        }
        return PlacesMiddleware.body(engine)
      }
    )
  }

  /// The places middleware over a backend: its provider, with its requests counted.
  ///
  /// - Parameter backend: The Places API and its request counter; kept alive by the middleware.
  public static func places(_ backend: PlacesBackend) -> FinderMiddleware {
    places(backend.provider, requestCount: { backend.requestCount })
  }
}
