import ForageFinder
import ForagePlacesData
import MockPlaces

extension PlacesBackend {
  /// Starts the mock Places server in-process on 127.0.0.1 (a port the kernel chooses), serving
  /// `dataset` in Google's legacy wire format with no page-token delay, and talks to it on a
  /// virtual clock; the server stops when the backend is released.
  ///
  /// The benchmarks' one way to put the finder in front of the mock (the CLI has its own,
  /// `inProcessMock`, in the executable target the benchmarks cannot import).
  ///
  /// - Parameter dataset: The places to serve.
  /// - Throws: ``MockServerError`` when the server cannot start.
  public static func googleMock(serving dataset: PlaceDataset) throws -> PlacesBackend {
    let server = MockHTTPServer(
      handlers: [NearbySearchHandler(dataset: dataset, pageTokenDelay: .zero)]
    )
    try server.start()
    return .remote(
      baseURL: server.url,
      provider: .google,
      apiKey: nil,
      clock: NetworkTime.virtual.makeClock(),
      onRelease: { server.stop() }
    )
  }
}
