import ForageSupport
import Foundation

/// Where and how a provider reaches its API: the base URL, the API key, the timeout and the
/// retry policy.
///
/// Every HTTP provider is configured with this type, as its `Configuration`; the base URL and
/// timeout default to the provider's own ``PlacesHTTPProvider/defaultBaseURL`` and
/// ``PlacesHTTPProvider/defaultTimeout``.
public struct PlacesProviderConfiguration<Provider: PlacesHTTPProvider>: Sendable {
  /// The scheme, host and optional path prefix, such as `https://maps.googleapis.com`.
  public var baseURL: URL
  /// The API key, or `nil` to send none. Google's APIs send it (as `key` or `X-Goog-Api-Key`);
  /// Overpass is keyless and sends none. Either way it is kept out of every error message.
  public var apiKey: PlacesAPIKey?
  /// The whole-transfer timeout of each request.
  public var timeout: Duration
  /// How retryable failures are retried.
  public var retry: RetryPolicy
  /// Whether every request tells the time on the provider's clock, in seconds since the
  /// provider was made (`Forage-Virtual-Time: 1.500`): for a clock whose waits are simulated
  /// (`forage run --network-time virtual`), so that a local `mock-places` times its page tokens
  /// on that clock instead of its own. Off by default.
  public var sendsVirtualTime: Bool
  /// Holds back the provider's requests while the API has asked for a wait (`Retry-After`),
  /// shared with other providers asking the same API (a fleet's); `nil` for a gate of the
  /// provider's own.
  public var retryAfterGate: RetryAfterGate?

  /// Creates a configuration.
  public init(
    baseURL: URL = Provider.defaultBaseURL,
    apiKey: PlacesAPIKey? = nil,
    timeout: Duration = Provider.defaultTimeout,
    retry: RetryPolicy = .placesSearch,
    sendsVirtualTime: Bool = false,
    retryAfterGate: RetryAfterGate? = nil
  ) {
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.timeout = timeout
    self.retry = retry
    self.sendsVirtualTime = sendsVirtualTime
    self.retryAfterGate = retryAfterGate
  }

  /// The URL of an endpoint: ``baseURL`` without its trailing slashes, then `path` and the
  /// query.
  ///
  /// - Parameters:
  ///   - path: The endpoint's path under the base URL, starting with `/`.
  ///   - query: The percent-encoded query, without its `?`; `nil` for none.
  /// - Returns: The URL.
  func url(path: String, query: String? = nil) -> URL {
    var base = baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    // The base URL parsed, the paths are fixed, and an encoded query holds only unreserved
    // characters and escapes, so this always parses.
    return URL(string: base + path + (query.map { "?" + $0 } ?? ""))!
  }
}
