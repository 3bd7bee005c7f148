import ForagePlaceDataset

extension MockHTTPServer {
  /// A server for both Places wire formats over a dataset: what `mock-places` runs and what
  /// tests and `forage demo` start in process.
  ///
  /// - Parameters:
  ///   - dataset: The places to serve.
  ///   - host: The address to listen on.
  ///   - port: The port, or 0 to let the kernel choose.
  ///   - apiKey: The key every request must carry, or `nil` for none.
  ///   - pageTokenDelay: How long after issue a `next_page_token` becomes valid.
  ///   - clock: The time source for page tokens.
  ///   - faults: Fault rules in force from the start.
  /// - Returns: The server, not started yet.
  public static func places(
    dataset: PlaceDataset,
    host: String = "127.0.0.1",
    port: UInt16 = 0,
    apiKey: String? = nil,
    pageTokenDelay: Duration = .seconds(2),
    clock: any Clock<Duration> = ContinuousClock(),
    faults: [FaultRule] = []
  ) -> MockHTTPServer {
    MockHTTPServer(
      host: host,
      port: port,
      handlers: [
        PlacesAPIHandler(
          dataset: dataset,
          apiKey: apiKey,
          pageTokenDelay: pageTokenDelay,
          clock: clock
        )
      ],
      faults: faults
    )
  }
}
