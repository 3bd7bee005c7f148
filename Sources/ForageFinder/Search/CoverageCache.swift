import ForageCoverage
import ForageGeodesy
import ForagePlaceModel
import ForageProviders
import ForageSpatialIndex
import Synchronization

/// What the finder knows in memory: every place its searches returned, and the area those
/// searches fully covered (a GEOS ``CoverageArea``).
///
/// Not the `--places-cache` file (ForagePlacesCache's `PlacesCacheFile`), which keeps searches
/// between runs: this cache starts from what that file knows and lives for one run.
///
/// Safe to share between effects: all state is behind a lock.
final class CoverageCache: Sendable {
  /// The known places and their index, rebuilt lazily after new places arrive.
  private struct Known {
    var places: [String: Place] = [:]
    var index = SpatialIndex<Place>([])
    var isIndexStale = false
  }

  private let known = Mutex(Known())
  private let coverage: CoverageArea
  /// The disks added to ``coverage``, for the planner.
  private let disks = Mutex(KnownDisks())
  /// The area covered by searches read from a places cache file, when one was read: answers
  /// it alone covers are ``FinderEvent/Source/stored``.
  private let storedCoverage: CoverageArea?
  /// Where nearest-first searches were made that returned at least K places
  /// (``noteRankedSearch(at:)``).
  private let rankedCentres = Mutex(Set<Coordinate>())

  /// Creates a cache, empty or holding what a places cache file knows.
  init(stored: StoredKnowledge? = nil) throws(GEOSError) {
    coverage = try CoverageArea()
    guard let stored else {
      storedCoverage = nil
      return
    }
    let storedCoverage = try CoverageArea()
    for search in stored.searches where search.coveredRadius > 0 {
      try coverage.add(search.centre, radius: search.coveredRadius)
      disks.withLock { $0.add(search.centre, radius: search.coveredRadius) }
      try storedCoverage.add(search.centre, radius: search.coveredRadius)
    }
    self.storedCoverage = storedCoverage
    learn(stored.places)
  }

  /// The `limit` nearest known places within `radius` of `centre`, nearest first, ties by id.
  func nearest(_ limit: Int, within radius: Double, of centre: Coordinate) -> [Neighbor<Place>] {
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

  /// The point within `radius` of `centre` nearest to it that is not fully known, or `nil`
  /// (``ForageCoverage/CoverageArea/nearestUnknownPoint(to:within:)``); `centre` itself if GEOS
  /// fails, so that a search there is made rather than none.
  func nearestUnknownPoint(to centre: Coordinate, within radius: Double) -> Coordinate? {
    do {
      return try coverage.nearestUnknownPoint(to: centre, within: radius)
    } catch {
      return centre
    }
  }

  /// Whether the searches read from a places cache file alone cover the disk.
  func storedCovers(_ centre: Coordinate, radius: Double) -> Bool {
    guard let storedCoverage else { return false }
    return (try? storedCoverage.covers(centre, radius: radius)) ?? false
  }

  /// Adds the places a search returned and records the disk it covered completely.
  ///
  /// - Parameters:
  ///   - found: The places returned.
  ///   - centre: The search's centre.
  ///   - coveredRadius: The radius within which the search returned every matching place, or 0.
  func learn(_ found: [Place], around centre: Coordinate, coveredRadius: Double) {
    learn(found)
    guard coveredRadius > 0 else { return }
    try? coverage.add(centre, radius: coveredRadius)
    disks.withLock { $0.add(centre, radius: coveredRadius) }
  }

  /// Notes that a nearest-first search made at exactly `centre` returned at least K places: its
  /// first K are the provider's own K nearest there, the answer a request at that very point
  /// gives, though the search is complete only just short of its farthest place.
  func noteRankedSearch(at centre: Coordinate) {
    rankedCentres.withLock { _ = $0.insert(centre) }
  }

  /// Whether a nearest-first search made at exactly `centre` returned at least K places.
  func hasRankedSearch(at centre: Coordinate) -> Bool {
    rankedCentres.withLock { $0.contains(centre) }
  }

  /// Adds stored knowledge learned while the run goes on (another process's searches, through
  /// ``PlacesCacheStorage/follow(_:learn:)``): its disks count as stored, as if read at the start.
  func learn(_ knowledge: StoredKnowledge) {
    learn(knowledge.places)
    for search in knowledge.searches where search.coveredRadius > 0 {
      try? coverage.add(search.centre, radius: search.coveredRadius)
      disks.withLock { $0.add(search.centre, radius: search.coveredRadius) }
      try? storedCoverage?.add(search.centre, radius: search.coveredRadius)
    }
  }

  /// The fully known disks (of this run's searches and the places cache file's) that reach
  /// within `distance` of `centre`: the union ``covers(_:radius:)`` asks, as disks.
  func knownDisks(near centre: Coordinate, within distance: Double) -> [SearchPlanner.Disk] {
    disks.withLock { $0.disks(near: centre, within: distance) }
  }

  /// Adds places.
  private func learn(_ found: [Place]) {
    known.withLock { known in
      for place in found {
        known.places[place.id] = place
        known.isIndexStale = true
      }
    }
  }

  /// The area the searches fully covered, for a map; empty if GEOS cannot read it.
  var outline: CoverageOutline { (try? coverage.outline) ?? CoverageOutline() }

  /// How many places are known.
  var count: Int { known.withLock { $0.places.count } }
}
