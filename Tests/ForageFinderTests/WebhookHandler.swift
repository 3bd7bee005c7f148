import Foundation
import MockPlaces
import Synchronization

/// A notification receiver for the mock server: answers `POST /hooks` with 204 and keeps every
/// request as received, before the journal's redaction.
final class WebhookHandler: MockHandler {
  private let received = Mutex([MockRequest]())

  /// The requests received, in order.
  var requests: [MockRequest] { received.withLock { $0 } }

  func respond(to request: MockRequest) async -> MockResponse? {
    guard request.path == "/hooks" else { return nil }
    received.withLock { $0.append(request) }
    return MockResponse(status: 204)
  }
}
