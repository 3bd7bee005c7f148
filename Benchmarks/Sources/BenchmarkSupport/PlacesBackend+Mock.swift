import ForageFinder
import ForageHTTP
import ForagePlaceDataset
import ForageProviders
import MockPlaces

extension PlacesBackend {
  /// Starts the mock Places server in-process on 127.0.0.1 (a port the kernel chooses), serving
  /// `dataset` in every wire format (Google's legacy one with no page-token delay), and talks to
  /// it as `provider` on a virtual clock; the server stops when the backend is released.
  ///
  /// The benchmarks' one way to put the finder in front of the mock (the CLI has its own,
  /// `inProcessMock`, in the executable target the benchmarks cannot import).
  ///
  /// - Parameters:
  ///   - dataset: The places to serve.
  ///   - provider: The wire format to speak: Google's legacy Nearby Search by default.
  /// - Throws: ``MockServerError`` when the server cannot start.
  public static func mock(
    serving dataset: PlaceDataset,
    as provider: ProviderName = .googleLegacy
  ) throws -> PlacesBackend {
    let server = MockHTTPServer(
      handlers: [
        NearbySearchHandler(dataset: dataset, pageTokenDelay: .zero),
        PlacesNewHandler(dataset: dataset),
        OverpassHandler(dataset: dataset),
      ]
    )
    try server.start()
    return .remote(
      baseURL: server.url,
      provider: provider,
      apiKey: nil,
      clock: NetworkTime.virtual.makeClock(),
      onRelease: { server.stop() }
    )
  }

  /// Starts one mock Places server as ``mock(serving:as:)`` does and makes `count` backends
  /// that talk to it through one HTTP client, each counting its own requests: a fleet's
  /// receivers. The server runs as long as any of them is kept.
  ///
  /// - Parameter identity: Names the API for a places cache (``PlacesBackend/identity``); by
  ///   default the server's URL, whose port differs in every process: processes that share a
  ///   cache name the dataset instead.
  public static func mocks(
    serving dataset: PlaceDataset,
    as provider: ProviderName = .googleLegacy,
    count: Int,
    identity: String? = nil
  ) throws -> [PlacesBackend] {
    let server = MockHTTPServer(
      handlers: [
        NearbySearchHandler(dataset: dataset, pageTokenDelay: .zero),
        PlacesNewHandler(dataset: dataset),
        OverpassHandler(dataset: dataset),
      ]
    )
    try server.start()
    let client = HTTPClient()
    return (0..<count).map { _ in
      .remote(
        baseURL: server.url,
        provider: provider,
        apiKey: nil,
        clock: NetworkTime.virtual.makeClock(),
        identity: identity,
        onRelease: { _ = server },
        client: client
      )
    }
  }
}
