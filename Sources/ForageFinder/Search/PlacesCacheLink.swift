import ForageGeodesy
import ForagePlaceModel

/// The places cache (`--places-cache`: a file or a PostgreSQL database) an engine starts from,
/// follows while the run goes on, and records its searches in, under the run's scope.
struct PlacesCacheLink: Sendable {
  /// Where searches are kept.
  let storage: any PlacesCacheStorage

  /// Which searches of the storage count: the API and the query.
  let scope: PlacesCacheScope

  /// Everything not expired that the storage knows for the scope.
  ///
  /// - Throws: What the ``PlacesCacheStorage`` throws when it cannot be read.
  func knowledge() throws -> StoredKnowledge {
    try storage.knowledge(for: scope)
  }

  /// Teaches `cache` what other processes record while the run goes on, and tells `tell` of
  /// the notices their searches brought.
  func follow(into cache: CoverageCache, tell: @escaping @Sendable ([String]) -> Void) {
    storage.follow(scope) { knowledge in
      cache.learn(knowledge)
      if !knowledge.notices.isEmpty { tell(knowledge.notices) }
    }
  }

  /// Records the places `search` found since it last recorded, and how far it is now complete.
  func record(_ places: [Place], of search: PausedSearch, coveredRadius: Double) {
    storage.record(
      places,
      around: search.centre,
      coveredRadius: coveredRadius,
      notices: search.notices,
      in: scope
    )
  }
}
