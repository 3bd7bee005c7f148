/// Answers the requests the mock server does not handle itself (its admin endpoints).
///
/// The Places wire formats (Nearby Search legacy, Places API New) are handlers; the server
/// engine owns sockets, keep-alive, faults and the request journal.
public protocol MockHandler: Sendable {
  /// Returns the response for a request, or `nil` when this handler does not serve its path.
  func respond(to request: MockRequest) async -> MockResponse?
}
