import ForageHTTP
import ForageSupport
import Foundation

/// OpenStreetMap's Overpass API: `POST /api/interpreter` with Overpass QL in the form field
/// `data`.
///
/// Free and keyless. One search is one request with no paging and no cap: every element with
/// the type's tag within the radius comes back, so an answer is complete within its radius
/// (``PlacesProviderCapabilities/isCompleteWithinRadius``) and forage picks the K nearest
/// itself, by geodesic distance.
/// Only ranking by prominence (a radius) is searched; `openNow` and prices have no OSM
/// equivalent and are refused (``PlacesError/invalidSearch(_:)``).
///
/// Overpass sheds load with HTTP 429 and 504 (retried per ``PlacesProviderConfiguration/retry``, honouring
/// `Retry-After`), reports a query it could not finish as HTTP 200 with a `remark`
/// (``PlacesError/runtimeError(_:)``), and a query it cannot parse as an HTML page with HTTP 400
/// (``PlacesError/invalidRequest(message:)`` quoting the page's error line).
public struct OverpassProvider: PlacesHTTPProvider {
  /// Where and how to reach the API; it takes no key.
  public typealias Configuration = PlacesProviderConfiguration<OverpassProvider>

  /// The public instance.
  public static let defaultBaseURL = URL(string: "https://overpass-api.de")!

  /// Thirty seconds: a query may run for up to ``queryTimeout`` on the server.
  public static let defaultTimeout = Duration.seconds(30)

  /// The path of the endpoint under the base URL.
  public static let path = "/api/interpreter"

  /// The notice OpenStreetMap's licence requires wherever its data is shown: the one copy of
  /// this text, for every output format.
  public static let attributionText = "© OpenStreetMap contributors, ODbL 1.0"

  /// The place types searched, each with the OSM tag it maps to (all `amenity`).
  public static let supportedTypes: [String: (key: String, value: String)] = [
    "restaurant": ("amenity", "restaurant"),
    "cafe": ("amenity", "cafe"),
    "bar": ("amenity", "bar"),
    "pub": ("amenity", "pub"),
    "fast_food": ("amenity", "fast_food"),
  ]

  /// The server-side time limit written into every query, in seconds.
  public static let queryTimeout = 25

  /// The configuration in use.
  public let configuration: Configuration
  /// How requests are sent.
  let connection: PlacesConnection

  /// Creates a provider.
  ///
  /// - Parameters:
  ///   - transport: What sends requests: the libcurl client, or a test double. The public
  ///     instance asks for a `User-Agent` that names the client (the client's
  ///     `HTTPClient/Configuration/userAgent`) and for moderate use.
  ///   - configuration: Where and how to reach the API.
  ///   - clock: The clock retries run on: the continuous clock by default, a `VirtualClock` in
  ///     tests and virtual replays.
  ///   - date: The current wall-clock date, to read `Retry-After` dates.
  public init(
    transport: any HTTPTransport,
    configuration: Configuration = Configuration(),
    clock: any Clock<Duration> = ContinuousClock(),
    date: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.configuration = configuration
    connection = PlacesConnection(
      transport: transport,
      configuration: configuration,
      clock: clock,
      date: date
    )
  }

  /// No cap (the radius bounds the answer), every place within the radius, hours in local
  /// time, free (``PlacesSKU/free``).
  public var capabilities: PlacesProviderCapabilities { .overpass }

  public var attribution: String? { Self.attributionText }

  public func searchNearby(_ search: NearbySearch) async throws(PlacesError) -> PlacesPage {
    try search.validate()
    return try await connection.send(try makeRequest(for: search)) {
      response throws(PlacesError) in
      try decodeResults(response, language: search.language)
    }
  }

  public func nextPage(_ token: PageToken) async throws(PlacesError) -> PlacesPage {
    throw .invalidSearch("Overpass answers in one page")
  }
}
