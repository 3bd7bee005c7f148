import ForageHTTP
import ForageSupport
import Foundation

/// Google Places Nearby Search (legacy): `GET /maps/api/place/nearbysearch/json`.
///
/// Builds fully percent-encoded requests, decodes answers tolerantly (missing optional fields,
/// `null`s, unknown fields, a broken result skipped rather than the page lost), maps `status`
/// to ``PlacesError``, retries what is retryable, and waits out a page token's "not valid yet"
/// delay. Up to 20 results a page, 60 a search.
public struct GoogleNearbySearchProvider: PlacesHTTPProvider {
  /// Where and how to reach the API.
  public typealias Configuration = PlacesProviderConfiguration<GoogleNearbySearchProvider>

  /// Google's server.
  public static let defaultBaseURL = URL(string: "https://maps.googleapis.com")!

  /// Ten seconds for each request.
  public static let defaultTimeout = Duration.seconds(10)

  /// The path of the endpoint under the base URL.
  public static let path = "/maps/api/place/nearbysearch/json"

  /// The configuration in use.
  public let configuration: Configuration
  /// How page tokens are waited for.
  public let pageToken: PageTokenPolicy
  /// How requests are sent.
  let connection: PlacesConnection
  /// The time elapsed on the clock since the provider was made: what page tokens are stamped
  /// with.
  private let elapsed: @Sendable () -> Duration

  /// Creates a provider.
  ///
  /// - Parameters:
  ///   - transport: What sends requests: the libcurl client, or a test double.
  ///   - configuration: Where and how to reach the API.
  ///   - pageToken: How page tokens are waited for: Google's observed behaviour by default.
  ///   - clock: The clock retries and page-token waits run on: the continuous clock by default,
  ///     a `VirtualClock` in tests and virtual replays.
  ///   - date: The current wall-clock date, to read `Retry-After` dates. Defaults to the
  ///     system's.
  public init(
    transport: any HTTPTransport,
    configuration: Configuration,
    pageToken: PageTokenPolicy = .standard,
    clock: any Clock<Duration> = ContinuousClock(),
    date: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.configuration = configuration
    self.pageToken = pageToken
    connection = PlacesConnection(
      transport: transport,
      configuration: configuration,
      clock: clock,
      date: date
    )
    elapsed = clock.startStopwatch()
  }

  /// Three pages of 20, Table 1 types and keywords, no hours; every request, each page
  /// included, billed as ``PlacesSKU/nearbySearchLegacy``.
  public var capabilities: PlacesProviderCapabilities { .googleLegacy }

  /// Google's notice when the base URL is Google's own host (``GoogleAttribution``).
  public var attribution: String? { GoogleAttribution.notice(for: configuration.baseURL) }

  public func searchNearby(_ search: NearbySearch) async throws(PlacesError) -> PlacesPage {
    try search.validate()
    return try await connection.send(makeRequest(for: search)) { response throws(PlacesError) in
      try decodePage(response, receivedAt: elapsed())
    }
  }

  public func nextPage(_ token: PageToken) async throws(PlacesError) -> PlacesPage {
    let policy = pageToken
    let age = elapsed() - token.receivedAt
    try await connection.wait(policy.firstUseDelay - age)
    let request = makeRequest(pageToken: token.value)
    // A token first used long after it arrived and refused has expired: asking again is billed
    // and cannot help.
    let mayBeEarly = policy.mayBeEarly(atAge: age)
    var attempt = 1
    while true {
      do {
        return try await connection.send(request) { response throws(PlacesError) in
          try decodePage(response, receivedAt: elapsed())
        }
      } catch .invalidRequest where attempt < policy.maxAttempts && mayBeEarly {
        // Most likely the token is not valid yet: Google gives no message to tell.
        try await connection.wait(policy.retryDelay)
        attempt += 1
      } catch .invalidRequest(let message) where !mayBeEarly {
        throw .invalidRequest(
          message: message
            ?? "the page token was refused \(Int(age.seconds.rounded())) s after it arrived"
        )
      } catch .invalidRequest(let message) {
        throw .invalidRequest(
          message: message
            ?? "the page token was still not accepted after \(attempt) attempts"
        )
      }
    }
  }

  public func mayStillUse(_ token: PageToken) -> Bool {
    elapsed() - token.receivedAt <= pageToken.lifetime
  }

  /// Removes the key from a text that may echo it.
  func redact(_ text: String) -> String {
    connection.redact(text)
  }

  /// The current wall-clock date, for `Retry-After` dates.
  func date() -> Date {
    connection.date()
  }
}
