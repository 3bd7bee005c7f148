import ForageGeo

/// Both Places wire formats over one dataset: the handler `mock-places` and `forage demo` serve.
///
/// Routes legacy Nearby Search (`GET /maps/api/place/nearbysearch/json`) and Places API (New)
/// (`POST /v1/places:searchNearby`); answers `nil` for any other path so the server engine can
/// answer it (admin endpoints, 404).
public struct PlacesAPIHandler: MockHandler {
  /// The legacy Nearby Search handler.
  public let nearbySearch: NearbySearchHandler
  /// The Places API (New) handler.
  public let placesNew: PlacesNewHandler

  /// Creates the handler.
  ///
  /// - Parameters:
  ///   - dataset: The places to serve.
  ///   - apiKey: The key every request must carry, or `nil` to accept any request.
  ///   - pageTokenDelay: How long after issue a `next_page_token` becomes valid (Google: ~2 s).
  ///   - clock: The time source for page tokens.
  public init(
    dataset: PlaceDataset,
    apiKey: String? = nil,
    pageTokenDelay: Duration = .seconds(2),
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    nearbySearch = NearbySearchHandler(
      dataset: dataset,
      apiKey: apiKey,
      pageTokenDelay: pageTokenDelay,
      clock: clock
    )
    placesNew = PlacesNewHandler(dataset: dataset, apiKey: apiKey)
  }

  public func respond(to request: MockRequest) async -> MockResponse? {
    if let response = await nearbySearch.respond(to: request) { return response }
    return await placesNew.respond(to: request)
  }
}
