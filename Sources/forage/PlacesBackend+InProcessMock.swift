import ForageFinder
import ForageGeo
import ForagePlaces
import MockPlaces

extension PlacesBackend {
  /// Starts the mock Places server (from `Mocks/`) in-process on 127.0.0.1, on a port the
  /// kernel chooses, and talks to it; the server stops when the backend is released.
  ///
  /// The CLI wires the mock here so that the finder library never links it.
  ///
  /// - Parameters:
  ///   - dataset: The places to serve.
  ///   - provider: The wire format.
  ///   - clock: The clock retries run on; virtual by default, as the mock's faults are counted.
  /// - Throws: ``MockServerError`` when the server cannot start.
  static func inProcessMock(
    dataset: PlaceDataset,
    provider: ProviderName,
    clock: any Clock<Duration> = NetworkTime.virtual.makeClock()
  ) throws -> PlacesBackend {
    let server = MockHTTPServer(
      handlers: [
        NearbySearchHandler(dataset: dataset, pageTokenDelay: .zero),
        PlacesNewHandler(dataset: dataset),
      ]
    )
    try server.start()
    return .remote(
      baseURL: server.url,
      provider: provider,
      apiKey: nil,
      clock: clock,
      onRelease: { server.stop() }
    )
  }
}
