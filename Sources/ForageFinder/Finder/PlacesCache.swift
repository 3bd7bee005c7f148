import ForageGeo
import ForagePlaces
import Synchronization

/// What the finder knows: every place its searches returned, and the area those searches fully
/// covered (a GEOS ``CoverageArea``).
///
/// Safe to share between effects: all state is behind a lock.
final class PlacesCache: Sendable {
  /// The known places and their index, rebuilt lazily after new places arrive.
  private struct Known {
    var places: [String: KnownPlace] = [:]
    var index = SpatialIndex<KnownPlace>([])
    var isIndexStale = false
  }

  private let known = Mutex(Known())
  private let coverage: CoverageArea

  /// Creates an empty cache.
  init() throws(GEOSError) {
    coverage = try CoverageArea()
  }

  /// The `limit` nearest known places within `radius` of `centre`, nearest first, ties by id.
  func nearest(_ limit: Int, within radius: Double, of centre: Coordinate) -> [Neighbor<KnownPlace>]
  {
    known.withLock { known in
      if known.isIndexStale {
        known.index = SpatialIndex(known.places.values.sorted { $0.id < $1.id })
        known.isIndexStale = false
      }
      return known.index.nearest(limit, within: radius, of: centre)
    }
  }

  /// Whether every place within `radius` of `centre` is known.
  func covers(_ centre: Coordinate, radius: Double) -> Bool {
    (try? coverage.covers(centre, radius: radius)) ?? false
  }

  /// Adds the places a search returned and records the disk it covered completely.
  ///
  /// - Parameters:
  ///   - found: The places returned.
  ///   - centre: The search's centre.
  ///   - coveredRadius: The radius within which the search returned every matching place, or 0.
  func learn(_ found: [Place], around centre: Coordinate, coveredRadius: Double) {
    known.withLock { known in
      for place in found {
        guard let newcomer = KnownPlace(place) else { continue }
        known.places[newcomer.id] = newcomer
        known.isIndexStale = true
      }
    }
    if coveredRadius > 0 { try? coverage.add(centre, radius: coveredRadius) }
  }

  /// How many places are known.
  var count: Int { known.withLock { $0.places.count } }
}
