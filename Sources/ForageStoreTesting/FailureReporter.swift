import Testing

/// Where a ``TestStore`` reports a failed expectation.
///
/// The default, ``issueRecord``, records a Swift Testing issue in the running test. Tests of
/// test-store behaviour can collect failures instead with ``init(_:)``.
public struct FailureReporter: Sendable {
  private let body: @Sendable (_ message: String, _ sourceLocation: SourceLocation) -> Void

  /// Creates a reporter from a function receiving each failure message and where it happened.
  ///
  /// - Parameter body: Called once per failure.
  public init(
    _ body: @escaping @Sendable (_ message: String, _ sourceLocation: SourceLocation) -> Void
  ) {
    self.body = body
  }

  /// Records each failure as an issue of the current Swift Testing test.
  public static let issueRecord = FailureReporter { message, sourceLocation in
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }

  /// Reports one failure.
  func callAsFunction(_ message: String, at sourceLocation: SourceLocation) {
    body(message, sourceLocation)
  }
}
