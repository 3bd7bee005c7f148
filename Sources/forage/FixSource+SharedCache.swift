import ForageLocation
import ForagePostgresCache

extension FixSource {
  /// The same readings, ending with the shared cache's failure once it has one: a run stops
  /// at the next reading when its cache can no longer be confirmed.
  func stopping(on storage: PostgresCacheStorage) -> FixSource {
    FixSource(expectedCount: expectedCount, fallbackTime: fallbackTime) {
      let next = try makeReadings()
      return {
        if let failure = storage.failure { throw failure }
        return try await next()
      }
    }
  }
}
