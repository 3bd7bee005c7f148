import ForageHTTP
import ForageProviders
import Foundation
import Synchronization

/// Where a run's places come from: a Places-style API over libcurl at a base URL, with a count
/// of the requests sent.
///
/// The library never starts a server: the caller names the API (a real one, or a mock it started
/// itself, as `forage` does with the mock in `Mocks/`) and may hand over what to release with it.
public final class PlacesBackend: Sendable {
  /// The wire formats the finder speaks (`ForageProviders/PlacesProviderName`).
  public typealias ProviderName = PlacesProviderName

  /// The provider the places middleware asks.
  public let provider: any PlacesProvider
  /// The API's scheme, host and optional path prefix.
  public let baseURL: URL
  /// Names the API for a places cache file: its wire format and where it is, so that answers
  /// from two APIs are never mixed.
  public let identity: String
  /// The notices the places data's licence asks for, each once, which the places middleware
  /// puts in the run's summary (and so in every output): the provider's own (OpenStreetMap's
  /// for Overpass, Google's for Google's host), then the data's (a mock's dataset).
  public let notices: [String]
  /// ``notices`` joined by `; `, or `nil` for none.
  public var attribution: String? { notices.isEmpty ? nil : notices.joined(separator: "; ") }
  /// What to tell the user when the API refuses the key (`REQUEST_DENIED`, `PERMISSION_DENIED`):
  /// where the key comes from and what to set, which only the caller knows.
  public let deniedKeyAdvice: String?
  /// The clock the provider waits on (retries, page tokens).
  public let clock: any Clock<Duration>
  private let counter: CountingTransport
  private let skipped = Mutex(0)
  /// How many places a search returns, and whether the API refused page tokens: one for every
  /// finder of the backend (a fleet), so that the first refusal tells them all.
  let searchCap: SearchCap
  private let onRelease: (@Sendable () -> Void)?

  private init(
    provider: any PlacesProvider,
    baseURL: URL,
    identity: String,
    notices: [String],
    counter: CountingTransport,
    clock: any Clock<Duration>,
    onRelease: (@Sendable () -> Void)?,
    deniedKeyAdvice: String? = nil
  ) {
    self.provider = provider
    self.clock = clock
    self.baseURL = baseURL
    self.identity = identity
    self.deniedKeyAdvice = deniedKeyAdvice
    var seen = Set<String>()
    self.notices = notices.filter { seen.insert($0).inserted }
    self.counter = counter
    self.onRelease = onRelease
    searchCap = SearchCap(provider.capabilities)
  }

  deinit { onRelease?() }

  /// How many HTTP requests the provider has sent, retries and pages included.
  public var requestCount: Int { counter.count }

  /// How many results in the API's answers could not be used and were left out (an impossible
  /// coordinate, no id, not the wire format's shape), for a warning.
  public var skippedPlaces: Int { skipped.withLock { $0 } }

  /// Counts results left out of an answer.
  func noteSkipped(_ count: Int) {
    skipped.withLock { $0 += count }
  }

  /// Whether the API never accepted a page token however long the provider waited, so that
  /// searches kept their first page only, for a warning.
  public var refusedPageTokens: Bool { searchCap.arePagesRefused }

  /// Talks to a server at `baseURL`.
  ///
  /// - Parameters:
  ///   - baseURL: The API's scheme, host and optional path prefix.
  ///   - provider: The wire format.
  ///   - apiKey: The key, never printed; `nil` sends none.
  ///   - clock: The clock retries and page-token waits run on; the continuous clock by default.
  ///   - timeout: The longest one request may take, connection included; 10 s by default.
  ///   - identity: Names the API for a places cache file; by default the wire format, the
  ///     fields asked for and `baseURL` (give one that stays the same when the URL does not, such
  ///     as a local server's dataset), so that answers without ratings and hours are never
  ///     mixed with answers that have them.
  ///   - onRelease: Called once when the backend is released: for example, stopping a server
  ///     the caller started for it.
  ///   - userAgent: The `User-Agent` of every request, such as `forage/0.1.0`; the HTTP
  ///     client's default when `nil`.
  ///   - attribution: The notice the data's licence asks for (a dataset's own, say), after the
  ///     provider's own (`ForageProviders/PlacesProvider/attribution`), if any.
  ///   - deniedKeyAdvice: What to tell the user when the API refuses the key, such as which
  ///     environment variable to set (``deniedKeyAdvice``).
  ///   - sendsVirtualTime: Whether every request tells the time on `clock`
  ///     (`ForageProviders/PlacesProviderConfiguration/sendsVirtualTime`): for a virtual clock
  ///     against a local mock, which then times its page tokens on it.
  ///   - fields: The place fields each request asks for, where the API bills by field
  ///     (`ForageProviders/PlacesProviderCapabilities/proFieldsSKU`); all by default.
  ///   - client: The HTTP client to send with, shared with other backends (each still counts
  ///     its own requests): one transfer thread and connection cache for a fleet of receivers;
  ///     a client of its own when `nil`.
  ///   - retryAfterGate: Holds back the provider's requests while the API has asked this or
  ///     another backend sharing the gate for a wait (`Retry-After`): one for a fleet of
  ///     receivers on the real clock; a gate of its own when `nil`.
  public static func remote(
    baseURL: URL,
    provider: ProviderName,
    apiKey: PlacesAPIKey?,
    clock: any Clock<Duration> = ContinuousClock(),
    timeout: Duration = .seconds(10),
    identity: String? = nil,
    onRelease: (@Sendable () -> Void)? = nil,
    userAgent: String? = nil,
    attribution: String? = nil,
    deniedKeyAdvice: String? = nil,
    sendsVirtualTime: Bool = false,
    fields: PlacesFieldSet = .all,
    client: HTTPClient? = nil,
    retryAfterGate: RetryAfterGate? = nil
  ) -> PlacesBackend {
    let client =
      client ?? userAgent.map { HTTPClient(configuration: .init(userAgent: $0)) } ?? HTTPClient()
    let counter = CountingTransport(client)
    let places = makeProvider(
      provider,
      baseURL: baseURL,
      timeout: timeout,
      apiKey: apiKey,
      transport: counter,
      clock: clock,
      sendsVirtualTime: sendsVirtualTime,
      fields: fields,
      gate: retryAfterGate
    )
    return PlacesBackend(
      provider: places,
      baseURL: baseURL,
      identity: identity
        ?? "\(provider.rawValue)\(fields.identitySuffix) \(Redaction.redact(baseURL.absoluteString))",
      notices: [places.attribution, attribution].compactMap { $0 },
      counter: counter,
      clock: clock,
      onRelease: onRelease,
      deniedKeyAdvice: deniedKeyAdvice
    )
  }

  private static func makeProvider(
    _ name: ProviderName,
    baseURL: URL,
    timeout: Duration,
    apiKey: PlacesAPIKey?,
    transport: any HTTPTransport,
    clock: any Clock<Duration>,
    sendsVirtualTime: Bool,
    fields: PlacesFieldSet,
    gate: RetryAfterGate?
  ) -> any PlacesProvider {
    switch name {
    case .googleLegacy:
      GoogleNearbySearchProvider(
        transport: transport,
        configuration: .init(
          baseURL: baseURL,
          apiKey: apiKey,
          timeout: timeout,
          sendsVirtualTime: sendsVirtualTime,
          retryAfterGate: gate
        ),
        clock: clock
      )
    case .placesNew:
      PlacesNewProvider(
        transport: transport,
        configuration: .init(
          baseURL: baseURL,
          apiKey: apiKey,
          timeout: timeout,
          sendsVirtualTime: sendsVirtualTime,
          retryAfterGate: gate
        ),
        clock: clock,
        fields: fields
      )
    case .overpass:
      OverpassProvider(
        transport: transport,
        configuration: .init(
          baseURL: baseURL,
          timeout: timeout,
          sendsVirtualTime: sendsVirtualTime,
          retryAfterGate: gate
        ),
        clock: clock
      )
    }
  }
}
