import ForageHTTP
import ForagePlaces
import Foundation
import MockPlaces

/// Where a run's places come from: a Places-style API over libcurl, either a server the user
/// names or the mock server started in-process on 127.0.0.1 with a GeoJSON dataset.
public final class PlacesBackend: @unchecked Sendable {
  /// The wire formats the finder speaks.
  public enum ProviderName: String, Sendable, CaseIterable {
    /// Google Places Nearby Search (legacy), `GET /maps/api/place/nearbysearch/json`.
    case google
    /// Google Places API (New), `POST /v1/places:searchNearby`.
    case placesNew = "places-new"

    /// The most places one search returns, pages included: the largest K the finder can answer
    /// exactly (Nearby Search: 3 pages of 20; Places API (New): 20).
    public var resultLimit: Int {
      switch self {
      case .google: 60
      case .placesNew: 20
      }
    }
  }

  /// The provider the places middleware asks.
  public let provider: any PlacesProvider
  /// The in-process mock server, when the run started one.
  public let mockServer: MockHTTPServer?
  private let counter: CountingTransport

  private init(
    provider: any PlacesProvider,
    counter: CountingTransport,
    mockServer: MockHTTPServer?
  ) {
    self.provider = provider
    self.counter = counter
    self.mockServer = mockServer
  }

  deinit { mockServer?.stop() }

  /// How many HTTP requests the provider has sent, retries and pages included.
  public var requestCount: Int { counter.count }

  /// Talks to a server at `baseURL`.
  ///
  /// - Parameters:
  ///   - baseURL: The API's scheme, host and optional path prefix.
  ///   - provider: The wire format.
  ///   - apiKey: The key, never printed; `nil` sends none.
  ///   - clock: The clock retries and page-token waits run on.
  public static func remote(
    baseURL: URL,
    provider: ProviderName,
    apiKey: PlacesAPIKey?,
    clock: PlacesClock = .live
  ) -> PlacesBackend {
    let counter = CountingTransport(HTTPClient())
    return PlacesBackend(
      provider: makeProvider(
        provider,
        baseURL: baseURL,
        apiKey: apiKey,
        transport: counter,
        clock: clock
      ),
      counter: counter,
      mockServer: nil
    )
  }

  /// Starts the mock Places server in-process on 127.0.0.1 (a kernel-chosen port) with a
  /// dataset, and talks to it.
  ///
  /// - Parameters:
  ///   - dataset: The places to serve.
  ///   - provider: The wire format.
  ///   - faults: Fault rules for the mock, for tests and benchmarks.
  ///   - clock: The clock retries run on; virtual by default, as the mock's faults are counted.
  /// - Throws: ``MockServerError`` when the server cannot start.
  public static func inProcessMock(
    dataset: PlacesDataset,
    provider: ProviderName,
    faults: [FaultRule] = [],
    clock: PlacesClock = NetworkTime.virtual.makeClock()
  ) throws -> PlacesBackend {
    let server = MockHTTPServer(
      handlers: [
        NearbySearchHandler(dataset: dataset, pageTokenDelay: .zero),
        PlacesNewHandler(dataset: dataset),
      ],
      faults: faults
    )
    try server.start()
    let counter = CountingTransport(HTTPClient())
    return PlacesBackend(
      provider: makeProvider(
        provider,
        baseURL: server.url,
        apiKey: nil,
        transport: counter,
        clock: clock
      ),
      counter: counter,
      mockServer: server
    )
  }

  private static func makeProvider(
    _ name: ProviderName,
    baseURL: URL,
    apiKey: PlacesAPIKey?,
    transport: any HTTPTransport,
    clock: PlacesClock
  ) -> any PlacesProvider {
    switch name {
    case .google:
      GoogleNearbySearchProvider(
        transport: transport,
        configuration: .init(baseURL: baseURL, apiKey: apiKey),
        clock: clock
      )
    case .placesNew:
      PlacesNewProvider(
        transport: transport,
        configuration: .init(baseURL: baseURL, apiKey: apiKey),
        clock: clock
      )
    }
  }
}
