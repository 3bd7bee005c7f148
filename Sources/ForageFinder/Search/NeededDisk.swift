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
  /// gives: the cache fully knows the disk, or a nearest-first search made at that very point
  /// ranked the places out to `needed` at least (``CoverageCache/rankedReach(at:)``): it returned
  /// every place nearer, by the provider's own ranking, as it answers a request there. So a
  /// receiver whose fixes repeat one position is answered by the search at the first of them,
  /// with no search beside it to prove the K-th place; and with ``PlacesQuery/isOpenOnly``, a
  /// fix whose search at itself returned K open places is answered by them, though more of a
  /// crowd at one spot lie beyond the provider's cap, tied with them.
  func isAnswerable(_ centre: Coordinate, needing needed: Double) -> Bool {
    cache.covers(centre, radius: needed)
      || cache.rankedReach(at: centre).map { needed <= $0 } ?? false
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
