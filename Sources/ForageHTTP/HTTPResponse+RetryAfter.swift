import Foundation

extension HTTPResponse {
  /// How long the response's `Retry-After` header asks to wait, or `nil` without a readable one.
  ///
  /// - Parameter now: The current date, to read an HTTP-date against.
  public func retryAfter(now: Date) -> Duration? {
    header("Retry-After").flatMap { RetryAfter.delay($0, now: now) }
  }
}
