import ForageFinder
import ForagePlaceDataset
import ForageProviders
import ForageSupport
import MockPlaces

extension PlacesBackend {
  /// Starts the mock Places server (from `Mocks/`) in-process on 127.0.0.1, on a port the
  /// kernel chooses, and talks to it; the server stops when the backend is released. The
  /// dataset's own attribution (``ForagePlaceDataset/PlaceDataset/attribution``) goes with its
  /// places into every output.
  ///
  /// The CLI wires the mock here so that the finder library never links it. Its
  /// ``PlacesBackend/identity`` names the dataset, not the port.
  ///
  /// - Parameters:
  ///   - dataset: The places to serve.
  ///   - provider: The wire format.
  ///   - clock: The clock retries run on; virtual by default, as the mock's faults are counted.
  ///   - fields: The place fields each request asks for; all by default.
  /// - Throws: ``MockServerError`` when the server cannot start.
  static func inProcessMock(
    dataset: PlaceDataset,
    provider: ProviderName,
    clock: any Clock<Duration> = NetworkTime.virtual.makeClock(),
    fields: PlacesFieldSet = .all
  ) async throws -> PlacesBackend {
    let server = MockHTTPServer(
      handlers: [
        NearbySearchHandler(dataset: dataset, pageTokenDelay: .zero),
        PlacesNewHandler(dataset: dataset),
        OverpassHandler(dataset: dataset),
      ]
    )
    try await server.startListening()
    return .remote(
      baseURL: server.url,
      provider: provider,
      apiKey: nil,
      clock: clock,
      identity: "\(provider.rawValue)\(fields.identitySuffix) mock \(fingerprint(of: dataset))",
      onRelease: { server.stop() },
      attribution: dataset.attribution,
      fields: fields
    )
  }

  /// A 64-bit FNV-1a digest of the dataset's places, so that a places cache file tells one
  /// mock dataset from another while the server's port changes from run to run.
  private static func fingerprint(of dataset: PlaceDataset) -> String {
    var hash = FNV1a()
    for place in dataset.places {
      // Every member the mock serves, properties in key order (a dictionary's own order changes
      // from process to process).
      let properties = place.properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      let fields: [String] = [
        place.id, place.name ?? "", "\(place.latitude)", "\(place.longitude)",
        place.types.joined(separator: ","), place.rating.map { "\($0)" } ?? "",
        place.userRatingsTotal.map { "\($0)" } ?? "", place.priceLevel.map { "\($0)" } ?? "",
        place.businessStatus?.rawValue ?? "", place.openNow.map { "\($0)" } ?? "",
        place.vicinity ?? "", place.openingHours.map { String(describing: $0) } ?? "",
        place.keywords.joined(separator: ","), properties.joined(separator: ","),
      ]
      hash.combine(fields.joined(separator: "\u{1F}").utf8 + [0x1E])
    }
    return hash.hexDigits()
  }
}
