import Foundation

/// A provider that reaches its API over HTTP, configured by a ``PlacesProviderConfiguration``.
///
/// What differs between such providers' configurations is only where their API is by default
/// and how long a request may take by default; everything else is shared.
public protocol PlacesHTTPProvider: PlacesProvider {
  /// The scheme and host of the public API, such as `https://maps.googleapis.com`.
  static var defaultBaseURL: URL { get }

  /// The whole-transfer timeout of each request unless configured otherwise.
  static var defaultTimeout: Duration { get }
}
