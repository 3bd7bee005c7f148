import ForageGeodesy
import ForagePlaceModel

/// Where the places middleware keeps its searches between runs, so that a later run starts from
/// what an earlier one learned; ForagePlacesCache's `PlacesCacheFile` (`--places-cache`, SQLite)
/// is the one `forage` uses.
///
/// The finder reads a scope's knowledge once, when a run starts, and records every search as it
/// completes; writing must never stop the run, so ``record(_:around:coveredRadius:notices:in:)``
/// does not throw.
public protocol PlacesCacheStorage: Sendable {
  /// Everything not expired that the storage knows for `scope`.
  ///
  /// - Throws: Why the storage cannot be read; the run stops with this error.
  func knowledge(for scope: PlacesCacheScope) throws -> StoredKnowledge

  /// Keeps a search and the places it found.
  ///
  /// - Parameters:
  ///   - places: The places the search returned.
  ///   - centre: The search's centre.
  ///   - coveredRadius: How far the search is complete, in metres.
  ///   - notices: What the API's answers said about their data (``StoredKnowledge/notices``).
  ///   - scope: What was searched for.
  func record(
    _ places: [Place],
    around centre: Coordinate,
    coveredRadius: Double,
    notices: [String],
    in scope: PlacesCacheScope
  )

  /// Tells `learn` what other processes record for `scope` while this run lasts, from a
  /// storage that runs share as they go (such as ForagePostgresCache's); the finder adds it to
  /// what it knows, as it would stored knowledge read at the start.
  ///
  /// A storage only this process writes tells nothing: the default does nothing.
  func follow(_ scope: PlacesCacheScope, learn: @escaping @Sendable (StoredKnowledge) -> Void)
}

extension PlacesCacheStorage {
  /// Tells nothing: no other process writes this storage while the run lasts.
  public func follow(
    _ scope: PlacesCacheScope,
    learn: @escaping @Sendable (StoredKnowledge) -> Void
  ) {}
}
