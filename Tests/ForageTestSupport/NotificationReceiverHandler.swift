import Foundation
import MockPlaces
import Synchronization

/// A webhook receiver for tests of `forage run --notify-url`: answers `POST` to its path with
/// 204 No Content and keeps every request exactly as received (the server's journal keeps them
/// too, with credentials redacted).
public final class NotificationReceiverHandler: MockHandler {
  /// The path it answers, such as `/hooks`.
  public let path: String
  private let received = Mutex([MockRequest]())

  /// Creates a receiver for `path`.
  public init(path: String = "/hooks") {
    self.path = path
  }

  /// The requests received, in order, unredacted.
  public var requests: [MockRequest] { received.withLock { $0 } }

  public func respond(to request: MockRequest) async -> MockResponse? {
    guard request.path == path, request.method == "POST" else { return nil }
    received.withLock { $0.append(request) }
    return MockResponse(status: 204)
  }
}
