import ForagePostgresCache

/// A run stopped because its PostgreSQL places cache can no longer be confirmed: thrown by
/// ``FinderSession/runFinder(source:options:backend:writer:recordSink:cacheFile:database:hours:view:arguments:sharing:label:)``
/// without a message, so that the caller says it once (a fleet's receivers share one cache).
struct SharedCacheLost: Error {
  /// Why the cache was lost.
  var error: PostgresPlacesCacheError
}
