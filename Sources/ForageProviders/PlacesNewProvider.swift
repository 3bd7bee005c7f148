import ForageHTTP
import ForagePlaceModel
import ForageSupport
import Foundation

/// Google Places API (New): `POST /v1/places:searchNearby`.
///
/// One page of at most 20 places, no page tokens. The API has no keyword and no open-now or
/// price filter for nearby search: a search with a keyword is refused before sending
/// (``PlacesError/invalidSearch(_:)``), and `openNow`, `minPrice` and `maxPrice` are applied to
/// the returned places. Ranking by distance searches the largest circle the API allows (50 km),
/// as the legacy API does.
public struct PlacesNewProvider: PlacesHTTPProvider {
  /// Where and how to reach the API.
  public typealias Configuration = PlacesProviderConfiguration<PlacesNewProvider>

  /// Google's server.
  public static let defaultBaseURL = URL(string: "https://places.googleapis.com")!

  /// Ten seconds for each request.
  public static let defaultTimeout = Duration.seconds(10)

  /// The path of the endpoint under the base URL.
  public static let path = "/v1/places:searchNearby"

  /// The fields requested with ``PlacesFieldSet/all``: exactly those `Place` holds.
  public static let fieldMask = fieldMask(for: .all)

  /// The Pro fields ``Place`` holds: which places are where, and what they are
  /// (``PlacesSKU/nearbySearchPro``).
  static let proFields = [
    "places.id", "places.displayName", "places.location", "places.types",
    "places.shortFormattedAddress", "places.formattedAddress", "places.utcOffsetMinutes",
    "places.businessStatus", "places.attributions",
  ]

  /// The Enterprise fields ``Place`` holds: ratings, price levels and opening hours
  /// (``PlacesSKU/nearbySearchEnterprise``).
  static let enterpriseFields = [
    "places.rating", "places.userRatingCount", "places.priceLevel", "places.currentOpeningHours",
    "places.regularOpeningHours",
  ]

  /// The `X-Goog-FieldMask` for a set of fields.
  ///
  /// - Parameter fields: The fields asked for.
  /// - Returns: The comma-separated field paths.
  public static func fieldMask(for fields: PlacesFieldSet) -> String {
    (fields == .pro ? proFields : proFields + enterpriseFields).joined(separator: ",")
  }

  /// One page of at most 20; opening hours only when it asks for them (``PlacesFieldSet/all``);
  /// billed as ``PlacesSKU/nearbySearchEnterprise``, or ``PlacesSKU/nearbySearchPro`` with Pro
  /// fields only.
  public let capabilities: PlacesProviderCapabilities

  /// The configuration in use.
  public let configuration: Configuration
  /// The fields each request asks for.
  public let fields: PlacesFieldSet
  /// How requests are sent.
  let connection: PlacesConnection

  /// Creates a provider.
  ///
  /// - Parameters:
  ///   - transport: What sends requests: the libcurl client, or a test double.
  ///   - configuration: Where and how to reach the API.
  ///   - clock: The clock retries run on: the continuous clock by default, a `VirtualClock` in
  ///     tests and virtual replays.
  ///   - date: The current wall-clock date, to read `Retry-After` dates. Defaults to the
  ///     system's.
  ///   - fields: The fields each request asks for: all by default.
  public init(
    transport: any HTTPTransport,
    configuration: Configuration,
    clock: any Clock<Duration> = ContinuousClock(),
    date: @escaping @Sendable () -> Date = { Date() },
    fields: PlacesFieldSet = .all
  ) {
    self.configuration = configuration
    self.fields = fields
    capabilities = .placesNew.asking(for: fields)
    connection = PlacesConnection(
      transport: transport,
      configuration: configuration,
      clock: clock,
      date: date
    )
  }

  /// Google's notice when the base URL is Google's own host (``GoogleAttribution``).
  public var attribution: String? { GoogleAttribution.notice(for: configuration.baseURL) }

  public func searchNearby(_ search: NearbySearch) async throws(PlacesError) -> PlacesPage {
    try search.validate()
    if let keyword = search.keyword, !keyword.isEmpty {
      throw .invalidSearch("Places API (New) nearby search has no keyword")
    }
    // These filters read Enterprise fields, which Pro fields leave out: every place would go.
    if fields == .pro, search.openNow || search.minPrice != nil || search.maxPrice != nil {
      throw .invalidSearch("open-now and price filters need more than Pro fields")
    }
    let page = try await connection.send(makeRequest(for: search)) {
      response throws(PlacesError) in
      try decodeResults(response)
    }
    return PlacesPage(
      places: page.places.filter { place in
        (!search.openNow || place.openNow == true)
          && (search.minPrice == nil && search.maxPrice == nil
            || place.priceLevel.map { ($0 >= search.minPrice ?? 0) && ($0 <= search.maxPrice ?? 4) }
              == true)
      },
      skippedResults: page.skippedResults,
      notices: page.notices
    )
  }

  public func nextPage(_ token: PageToken) async throws(PlacesError) -> PlacesPage {
    throw .invalidSearch("Places API (New) nearby search has no further pages")
  }

  /// The `POST` request for a search.
  ///
  /// - Parameter search: The search, already validated.
  /// - Returns: The request with its JSON body, key and field mask headers.
  public func makeRequest(for search: NearbySearch) -> HTTPRequest {
    let radius: Double
    let rank: String
    switch search.ranking {
    case .prominence(let metres):
      radius = metres
      rank = "POPULARITY"
    case .distance:
      radius = NearbySearch.maximumRadius
      rank = "DISTANCE"
    }
    let body = PlacesNewWire.Request(
      includedTypes: search.type.flatMap { $0.isEmpty ? nil : [$0] },
      maxResultCount: capabilities.resultLimit,
      locationRestriction: .init(
        circle: .init(
          center: .init(latitude: search.location.latitude, longitude: search.location.longitude),
          radius: radius
        )
      ),
      rankPreference: rank,
      languageCode: search.language.flatMap { $0.isEmpty ? nil : $0 }
    )
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var headers: [(name: String, value: String)] = [
      ("Content-Type", "application/json"), ("Accept", "application/json"),
      ("X-Goog-FieldMask", Self.fieldMask(for: fields)),
    ]
    if let key = configuration.apiKey { headers.append(("X-Goog-Api-Key", key.value)) }
    return HTTPRequest(
      method: "POST",
      url: configuration.url(path: Self.path),
      headers: headers,
      // Plain structs of strings and numbers always encode.
      body: try? encoder.encode(body),
      timeout: configuration.timeout
    )
  }

  /// What an answer must be, for messages about one that is not.
  static let expectedAnswer = "expected {} or a JSON object with a list of \"places\""

  /// Turns an HTTP response into places or a ``PlacesError``.
  ///
  /// - Parameter response: The response.
  /// - Returns: The places; `{}` is none.
  /// - Throws: ``PlacesError`` mapped from Google's `error.status`.
  func decodePlaces(_ response: HTTPResponse) throws(PlacesError) -> [Place] {
    try decodeResults(response).places
  }

  /// Turns an HTTP response into a page of places, counting the results that could not be used,
  /// or a ``PlacesError``; see ``decodePlaces(_:)``.
  func decodeResults(_ response: HTTPResponse) throws(PlacesError) -> PlacesPage {
    guard let wire = try? JSONDecoder().decode(PlacesNewWire.Response.self, from: response.body)
    else {
      throw GoogleNearbySearchProvider.failure(
        for: response,
        reason: Self.expectedAnswer,
        now: connection.date()
      )
    }
    if let error = wire.error {
      let message = error.message.map(redact)
      switch error.status ?? "" {
      // Google says a wrong key is an invalid argument; it is a refused key.
      case "INVALID_ARGUMENT" where error.isKeyInvalid: throw .requestDenied(message: message)
      // A type the API does not search for: no search with it can succeed.
      case "INVALID_ARGUMENT" where message?.hasPrefix("Unsupported types") == true:
        throw .invalidSearch(message ?? "")
      case "INVALID_ARGUMENT", "FAILED_PRECONDITION", "OUT_OF_RANGE", "NOT_FOUND":
        throw .invalidRequest(message: message)
      case "PERMISSION_DENIED", "UNAUTHENTICATED": throw .requestDenied(message: message)
      case "RESOURCE_EXHAUSTED": throw .overQueryLimit(message: message)
      case "INTERNAL", "UNKNOWN", "UNAVAILABLE", "DEADLINE_EXCEEDED":
        throw .unknownError(message: message)
      default:
        guard let status = error.status, (200..<300).contains(response.status) else {
          throw .httpStatus(
            response.status,
            retryAfter: response.retryAfter(now: connection.date())
          )
        }
        throw .unexpectedStatus(redact(status), message: message)
      }
    }
    guard (200..<300).contains(response.status) else {
      throw .httpStatus(response.status, retryAfter: response.retryAfter(now: connection.date()))
    }
    if wire.places == nil, wire.status != nil {
      throw .malformedResponse(
        "a legacy Nearby Search answer (a \"status\" and no \"places\"), not Places API (New)'s"
      )
    }
    // Places API (New) says "no places here" with `{}`. Any other answer without a list of
    // places (`{"places": null}`, another service's object) is not one: taken as none, it
    // would be kept in a places cache as an empty area for 30 days.
    if wire.places == nil {
      let members = (try? JSONParser.parse(response.body))?.members ?? []
      if !members.isEmpty {
        throw .malformedResponse(Self.expectedAnswer)
      }
    }
    let results = wire.places ?? []
    let places = results.compactMap { $0.value?.place }
    return PlacesPage(
      places: places,
      skippedResults: results.count - places.count,
      notices: results.flatMap { $0.value?.notices ?? [] }
    )
  }

  private func redact(_ text: String) -> String {
    connection.redact(text)
  }
}
