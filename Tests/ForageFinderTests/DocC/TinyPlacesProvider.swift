import ForageGeodesy
import ForageHTTP
import ForagePlaceModel
import ForageProviders
import ForageSupport
import Foundation

// The provider of the article "Implementing a provider" (ForageProviders.docc), word for word
// between the markers: DocCSnippetTests checks the article against this file, and
// TinyPlacesProviderTests runs it.

// docc-snippet: wire
/// The Tiny Places API's JSON, in snake case: a page of results and the token of the next, or
/// an error.
enum TinyPlacesWire {
  struct Page: Codable {
    var results: [Result]?
    var nextPage: String?
    var error: String?
  }

  struct Result: Codable {
    var id: String?
    var name: String?
    var lat: Double?
    var lng: Double?
    var types: [String]?
    var rating: Double?
    var openingHours: String?
  }
}

extension TinyPlacesWire.Result {
  /// The place, or `nil` when the result has no id or its position is not a coordinate.
  var place: Place? {
    guard let id, !id.isEmpty, let lat, let lng,
      let coordinate = try? Coordinate(latitude: lat, longitude: lng)
    else { return nil }
    return Place(
      id: id,
      name: name,
      coordinate: coordinate,
      rating: rating,
      types: types ?? [],
      openingHours: openingHours.map(PlaceHours.openStreetMap),
      provenance: .unknown
    )
  }
}
// docc-snippet-end

// docc-snippet: provider
/// The Tiny Places API, `GET /v1/nearby`: nearest first, or by rating within a radius; one
/// type and a keyword; 20 places a page and 2 pages a search; opening hours as OpenStreetMap
/// writes them.
struct TinyPlacesProvider: PlacesHTTPProvider {
  typealias Configuration = PlacesProviderConfiguration<TinyPlacesProvider>

  static let defaultBaseURL = URL(string: "https://tinyplaces.example")!
  static let defaultTimeout = Duration.seconds(10)

  /// What the API can do, each fact once: 40 places over its pages (the finder's cap), 20 a
  /// page, a type and a keyword, opening hours as OpenStreetMap writes them (in local time),
  /// a key, and a bill forage does not know.
  var capabilities: PlacesProviderCapabilities {
    PlacesProviderCapabilities(
      displayName: "Tiny Places API",
      defaultBaseURL: Self.defaultBaseURL,
      resultLimit: 40,
      pageSize: 20,
      searchesKeywords: true,
      placeTypes: .any,
      givesOpeningHours: true,
      hoursNeedTimeZone: true,
      publicHosts: ["tinyplaces.example"],
      needsAPIKey: true,
      sku: nil,
      longestTimeToLive: nil
    )
  }
  /// What the data's licence asks to be shown with it.
  var attribution: String? { "Places © Tiny Places contributors" }

  let configuration: Configuration
  private let transport: any HTTPTransport

  /// Creates a provider.
  ///
  /// - Parameters:
  ///   - configuration: Where the API is, the key, the timeout and how failures are retried.
  ///   - transport: What sends requests: libcurl by default, or an API in memory.
  ///   - clock: The clock retries wait on.
  init(
    configuration: Configuration = Configuration(),
    transport: any HTTPTransport = HTTPClient(),
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.configuration = configuration
    self.transport = RetryingTransport(transport, policy: configuration.retry, clock: clock)
  }

  func searchNearby(_ search: NearbySearch) async throws(PlacesError) -> PlacesPage {
    try search.validate()
    guard !search.openNow, search.minPrice == nil, search.maxPrice == nil else {
      throw .invalidSearch("the Tiny Places API filters neither by opening hours nor by price")
    }
    var query = [
      (name: "lat", value: "\(search.location.latitude)"),
      (name: "lng", value: "\(search.location.longitude)"),
    ]
    switch search.ranking {
    case .distance: query.append(("rank", "distance"))
    case .prominence(let radius): query += [("rank", "rating"), ("radius", "\(radius)")]
    }
    if let type = search.type, !type.isEmpty { query.append(("type", type)) }
    if let keyword = search.keyword, !keyword.isEmpty { query.append(("keyword", keyword)) }
    return try await page(query)
  }

  func nextPage(_ token: PageToken) async throws(PlacesError) -> PlacesPage {
    try await page([("page", token.value)])
  }

  /// Sends one request and decodes its page.
  private func page(
    _ query: [(name: String, value: String)]
  ) async throws(PlacesError)
    -> PlacesPage
  {
    var headers = [(name: "Accept", value: "application/json")]
    if let key = configuration.apiKey { headers.append(("X-Api-Key", key.value)) }
    let url = configuration.baseURL.appending(path: "v1/nearby")
    let request = HTTPRequest(
      url: URL(string: url.absoluteString + "?" + QueryString.query(query))!,
      headers: headers,
      timeout: configuration.timeout
    )
    let response: HTTPResponse
    do throws(HTTPError) {
      response = try await transport.send(request)
    } catch {
      if error.kind == .cancelled { throw .cancelled }
      let message = configuration.apiKey?.redact(error.message) ?? error.message
      throw .transport(HTTPError(error.kind, message))
    }
    return try Self.decode(response)
  }

  /// The page a response holds, or the ``PlacesError`` its status says.
  static func decode(_ response: HTTPResponse) throws(PlacesError) -> PlacesPage {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let wire = try? decoder.decode(TinyPlacesWire.Page.self, from: response.body)
    switch response.status {
    case 200..<300: break
    case 400: throw .invalidRequest(message: wire?.error)
    case 401, 403: throw .requestDenied(message: wire?.error)
    case 429: throw .overQueryLimit(message: wire?.error)
    default: throw .httpStatus(response.status, retryAfter: response.retryAfter(now: Date()))
    }
    guard let results = wire?.results else {
      throw .malformedResponse("expected a JSON object with \"results\"")
    }
    let places = results.compactMap(\.place)
    return PlacesPage(
      places: places,
      nextPageToken: wire?.nextPage.map { PageToken(value: $0, receivedAt: .zero) },
      skippedResults: results.count - places.count
    )
  }
}
// docc-snippet-end
