import ForagePlaceDataset

/// Every places wire format over one dataset: the handler `mock-places` and `forage demo` serve.
///
/// Routes legacy Nearby Search (`GET /maps/api/place/nearbysearch/json`), Places API (New)
/// (`POST /v1/places:searchNearby`) and Overpass (`/api/interpreter`, keyless); answers `nil` for any other path so the server engine can
/// answer it (admin endpoints, 404).
public struct PlacesAPIHandler: MockHandler {
  /// The legacy Nearby Search handler.
  public let nearbySearch: NearbySearchHandler
  /// The Places API (New) handler.
  public let placesNew: PlacesNewHandler
  /// The Overpass API handler.
  public let overpass: OverpassHandler

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
    overpass = OverpassHandler(dataset: dataset)
  }

  public func respond(to request: MockRequest) async -> MockResponse? {
    if let response = await nearbySearch.respond(to: request) { return response }
    if let response = await overpass.respond(to: request) { return response }
    return await placesNew.respond(to: request)
  }
}
