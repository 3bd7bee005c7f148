import ForageGeodesy
import ForageHours
import ForagePlaceModel
import ForageSpatialIndex
import Foundation

/// The disk an answer needs known around a fix, and the known places it may hold.
struct NeededDisk: Sendable {
  let cache: CoverageCache

  let query: PlacesQuery

  /// Decides which places are open, with ``PlacesQuery/isOpenOnly``.
  let hours: HoursJudge

  /// The K nearest known places around `centre` an answer at `time` may hold, and the radius
  /// that must be fully known for them to be the true K nearest: out to the K-th of them, or
  /// with fewer than K known, R. With ``PlacesQuery/isOpenOnly``, only places open at `time`
  /// count, so the disk reaches out to the K-th open place.
  ///
  /// The K-th distance is measured once and kept, so the answer built from `known` reuses it.
  func around(_ centre: Coordinate, at time: Date?) -> (known: [Neighbor<Place>], radius: Double) {
    var known = answerable(around: centre, at: time)
    guard known.count == query.limit else { return (known, query.radius) }
    let needed = known[known.count - 1].measure()
    return (known, needed)
  }

  /// Whether an answer at `centre` at `time` is the one a request there gives
  /// (``isAnswerable(_:needing:)``).
  func isKnown(around centre: Coordinate, at time: Date?) -> Bool {
    isAnswerable(centre, needing: around(centre, at: time).radius)
  }

  /// Whether an answer at `centre` whose disk has radius `needed` is the one a request there
  /// gives: the cache fully knows the disk, or (without ``PlacesQuery/isOpenOnly``, where the K
  /// nearest open places may lie beyond the provider's K nearest) a nearest-first search made
  /// at that very point returned at least K places (``CoverageCache/hasRankedSearch(at:)``),
  /// as for a receiver whose fixes repeat one position: it answered the first of them so, and
  /// answers the others the same way, with no search beside it to prove its K-th place.
  func isAnswerable(_ centre: Coordinate, needing needed: Double) -> Bool {
    cache.covers(centre, radius: needed)
      || (!query.isOpenOnly && cache.hasRankedSearch(at: centre))
  }

  /// The K nearest known places within R of `centre` that an answer at `time` may hold: all of
  /// them, or with ``PlacesQuery/isOpenOnly`` those open at `time` (asking for twice as many
  /// places each time fewer than K of those asked were open).
  private func answerable(around centre: Coordinate, at time: Date?) -> [Neighbor<Place>] {
    guard query.isOpenOnly else {
      return cache.nearest(query.limit, within: query.radius, of: centre)
    }
    var asked = query.limit * 2
    while true {
      let near = cache.nearest(asked, within: query.radius, of: centre)
      let open = near.filter { hours.verdict(for: $0.item, at: time) == .open }
      if open.count >= query.limit || near.count < asked {
        return Array(open.prefix(query.limit))
      }
      asked *= 2
    }
  }
}
