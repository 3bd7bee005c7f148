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
  /// Where nearest-first searches were made, and how far their farthest place lay
  /// (``noteRankedSearch(at:reaching:)``).
  private let rankedSearches = Mutex([Coordinate: Double]())

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

  /// A known place within `radius` of `centre`, among the `limit` nearest known places, with at
  /// least `count` known places within ``CappedCoverage/margin`` of it, that the union does not
  /// hold: a crowd at one spot (a food court, a mall) that capped searches near it end in. Of
  /// the cap or more, no search ever sees past it. `nil` when there is none.
  ///
  /// Only a crowd at one spot: places scattered over a few metres are told apart by searches
  /// among them, and with a wider span the union, whose edge always passes through some known
  /// places, seemed to hold no crowd of them (a 20-place crowd within 3 m cost a search a fix,
  /// where searches beside it cost a tenth of that).
  func crowdedPlace(
    within radius: Double,
    of centre: Coordinate,
    count: Int,
    among limit: Int
  ) -> Coordinate? {
    guard count > 0 else { return nil }
    var near = nearest(limit, within: radius, of: centre)
    guard near.count >= count else { return nil }
    let distances = near.indices.map { near[$0].measure() }
    // `count` places within the margin of one lie, by distance from `centre`, within twice it.
    for first in 0...(near.count - count)
    where distances[first + count - 1] - distances[first] <= 2 * CappedCoverage.margin {
      for index in first..<(first + count) {
        let place = near[index].item.coordinate
        if nearest(count, within: CappedCoverage.margin, of: place).count == count,
          !covers(place, radius: 0)
        {
          return place
        }
      }
    }
    return nil
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

  /// Notes that a nearest-first search made at exactly `centre` ended as it should, its farthest
  /// place `farthest` metres away: every place nearer than that is among the places it returned,
  /// by the provider's own ranking, though the search is complete only just short of it
  /// (``CappedCoverage``). The farthest of the searches at one centre is kept.
  func noteRankedSearch(at centre: Coordinate, reaching farthest: Double) {
    rankedSearches.withLock { $0[centre] = max($0[centre] ?? 0, farthest) }
  }

  /// How far the nearest-first searches made at exactly `centre` ranked the places
  /// (``noteRankedSearch(at:reaching:)``), or `nil` for none.
  func rankedReach(at centre: Coordinate) -> Double? {
    rankedSearches.withLock { $0[centre] }
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
