/// Tells a caller about each failed attempt a provider is about to retry.
///
/// Providers are shared by many searches, so the observer travels with the calling task: bind it
/// with ``withObserver(_:operation:)`` around a search, and every retry inside that search (in
/// child and unstructured tasks too) is reported to it before the provider waits.
public enum PlacesRetryObserver {
  /// What is reported: the failure, the attempt that failed (from 1), and the wait before the next.
  public typealias Handler =
    @Sendable (_ error: PlacesError, _ attempt: Int, _ wait: Duration) -> Void

  @TaskLocal static var current: Handler?

  /// Runs `operation` with `handler` told of every retry made inside it.
  public static func withObserver<Value>(
    _ handler: @escaping Handler,
    operation: () async throws(PlacesError) -> Value
  ) async throws(PlacesError) -> Value {
    let result: Result<Value, PlacesError> = await $current.withValue(handler) {
      do throws(PlacesError) {
        return .success(try await operation())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}
