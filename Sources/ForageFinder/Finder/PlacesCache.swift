import ForageGeo
import ForagePlaces
import Foundation

/// What the finder knows: every place its searches returned, and the area those searches fully
/// covered (a GEOS ``CoverageArea``).
///
/// Safe to share between effects: all state is behind a lock.
final class PlacesCache: @unchecked Sendable {
  private let lock = NSLock()
  private var places: [String: KnownPlace] = [:]
  private var index = SpatialIndex<KnownPlace>([])
  private var isIndexStale = false
  private let coverage: CoverageArea

  /// Creates an empty cache.
  init() throws(GEOSError) {
    coverage = try CoverageArea()
  }

  /// The `limit` nearest known places within `radius` of `centre`, nearest first, ties by id.
  func nearest(_ limit: Int, within radius: Double, of centre: Coordinate) -> [Neighbor<KnownPlace>]
  {
    lock.withLock {
      if isIndexStale {
        index = SpatialIndex(places.values.sorted { $0.id < $1.id })
        isIndexStale = false
      }
      return index.nearest(limit, within: radius, of: centre)
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
    lock.withLock {
      for place in found {
        guard let known = KnownPlace(place) else { continue }
        places[known.id] = known
        isIndexStale = true
      }
    }
    if coveredRadius > 0 { try? coverage.add(centre, radius: coveredRadius) }
  }

  /// How many places are known.
  var count: Int { lock.withLock { places.count } }
}
