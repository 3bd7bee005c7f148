import ForagePlaceDataset

/// Places API (New) `POST /v1/places:searchNearby` over a dataset.
///
/// Checks the key (`X-Goog-Api-Key` header or `key` parameter) when one is configured, requires
/// a field mask (`X-Goog-FieldMask` header or `fields` parameter), validates the body as Google
/// does, and answers `{"places":[…]}` (or `{}` for none) with only the masked fields. Errors use
/// Google's shape: `{"error":{"code":400,"message":"…","status":"INVALID_ARGUMENT"}}`.
public struct PlacesNewHandler: MockHandler {
  /// The path this handler serves.
  public static let path = "/v1/places:searchNearby"

  private let dataset: PlaceDataset
  private let apiKey: String?

  /// Creates a handler.
  ///
  /// - Parameters:
  ///   - dataset: The places to serve.
  ///   - apiKey: The key every request must carry, or `nil` to accept any request.
  public init(dataset: PlaceDataset, apiKey: String? = nil) {
    self.dataset = dataset
    self.apiKey = apiKey
  }

  public func respond(to request: MockRequest) async -> MockResponse? {
    // The colon may arrive percent-encoded from clients that escape it.
    guard request.path == Self.path || request.path == "/v1/places%3AsearchNearby" else {
      return nil
    }
    guard request.method == "POST" else {
      return PlacesNewError(
        code: 405,
        status: "METHOD_NOT_ALLOWED",
        message: "places:searchNearby accepts POST only."
      ).response
    }
    if let apiKey {
      let given = request.header("X-Goog-Api-Key") ?? request.queryValue("key")
      guard let given, !given.isEmpty else {
        return PlacesNewError(
          code: 403,
          status: "PERMISSION_DENIED",
          message: "The request is missing a valid API key."
        ).response
      }
      guard given == apiKey else {
        return PlacesNewError(
          code: 400,
          status: "INVALID_ARGUMENT",
          message: "API key not valid. Please pass a valid API key.",
          reason: "API_KEY_INVALID"
        ).response
      }
    }
    let mask: PlacesNewFieldMask
    switch PlacesNewFieldMask.parse(
      request.header("X-Goog-FieldMask") ?? request.queryValue("fields")
        ?? request.queryValue("$fields")
    ) {
    case .success(let parsed): mask = parsed
    case .failure(let error): return error.response
    }
    switch PlacesNewRequest.parse(request.body) {
    case .failure(let error):
      return error.response
    case .success(let search):
      let places = search.results(in: dataset).map {
        PlacesNewBody.Place($0, mask: mask, attribution: dataset.attribution)
      }
      return .json(PlacesNewBody(places: places.isEmpty ? nil : places).encoded())
    }
  }
}
