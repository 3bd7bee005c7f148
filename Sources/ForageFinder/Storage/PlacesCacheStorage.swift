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
}
