import ForageGeodesy
import ForageHTTP
import ForageHours
import ForageLocation
import ForagePlaceModel
import ForageProviders
import ForageSpatialIndex
import ForageSupport
import ForageTracks
import Foundation
import Synchronization

/// Filling the gaps of a needed disk that one search near the fix cannot cover (K beyond the
/// cap, or `--open` with a capped provider), and the crowded spots no search can see into.
extension PlacesEngine {
  /// The most searches made to fill the gaps of one fix's needed disk (``fillGaps(around:at:)``).
  static let mostGapSearches = 100

  /// With ``PlacesQuery/isOpenOnly`` and a capped provider asked nearest first (Places API
  /// (New)'s 20), the search at the fix may end before the K-th open place; with K beyond the
  /// cap, it always does: the disk the answer needs is then not fully known. Searches where the
  /// planner completes that disk with the known ones (K beyond the cap), else at the nearest
  /// point of it the cache does not know, until it is known (at most ``mostGapSearches``), so
  /// the answer stays the K nearest (open) places: a search whose answer holds fewer places
  /// than the cap knows its whole circle, so the union answers any K. Without either, a capped
  /// search at the fix always reaches the K-th place, and nothing is done.
  func fillGaps(around centre: Coordinate, at time: Date?) async throws(PlacesError) {
    guard query.isOpenOnly || isBeyondCap, isRankedByDistance else { return }
    var planned: Coordinate? = nil
    for _ in 0..<Self.mostGapSearches {
      var needed = neededDisk(around: centre, at: time).1
      guard !cache.covers(centre, radius: needed) else { return }
      if let spot = crowdedSpot(within: needed, of: centre) {
        // The answer needs the crowded spot unless the places nearer than it are enough: once
        // the disk short of it is known and they are not, no answer is exact. Short by
        // ``crowdClearance``: searches near the spot learn only slivers.
        needed = max(0, Geodesic.distance(spot, centre) - Self.crowdClearance)
        if cache.covers(centre, radius: needed) { throw crowded(spot) }
      } else {
        // Beyond the cap, where the planner finds a centre that completes the disk with the
        // known ones, there (not twice at one centre); else at the nearest gap.
        let plan =
          policy == .coverage && isBeyondCap
          ? state.withLock { searchPlan(for: centre, needed: needed, planner: &$0.planner) }
          : nil
        if let plan, !plan.isPreparing, plan.centre != centre,
          planned.map({ Geodesic.distance($0, plan.centre) >= 1 }) ?? true
        {
          planned = plan.centre
          try await search(around: plan.centre, for: centre, at: time)
          continue
        }
      }
      guard let gap = cache.nearestUnknownPoint(to: centre, within: needed) else { return }
      try await search(around: gap, for: centre, at: time)
      if !cache.covers(gap, radius: 0) {
        // Every place the search returned lies within about a metre of the gap: no search
        // can tell whether more lie there.
        state.withLock { $0.crowdedSpots.append(gap) }
        throw crowded(gap)
      }
    }
    throw .notExact(
      "the \(query.limit) nearest places cannot be known exactly: \(Self.mostGapSearches) "
        + "searches of at most \(provider.capabilities.resultLimit) places each did not tell apart the places "
        + "crowded within \(JSONValue.format(neededDisk(around: centre, at: time).1.rounded())) m"
    )
  }

  /// How far short of a crowded spot the places nearer than it are counted, in metres: a fix
  /// whose K-th nearest place lies closer to the spot than this is refused too, but the hole the
  /// searches leave around the spot (about a metre, as ``coverageMargin``, and half a percent of
  /// their distance) is not searched sliver by sliver for every fix.
  static let crowdClearance = 5.0

  /// The nearest spot known to be crowded (``State/crowdedSpots``) within about `radius` of
  /// `centre`, if any.
  func crowdedSpot(within radius: Double, of centre: Coordinate) -> Coordinate? {
    state.withLock { state in
      state.crowdedSpots.filter { Geodesic.distance($0, centre) <= radius + 1 }
        .min { Geodesic.distance($0, centre) < Geodesic.distance($1, centre) }
    }
  }

  /// A latitude or longitude to 6 decimals (0.1 m), for messages.
  static func rounded(_ degrees: Double) -> String {
    JSONValue.format((degrees * 1e6).rounded() / 1e6)
  }

  /// Why a disk holding the crowded `spot` cannot be known, and what answers instead.
  func crowded(_ spot: Coordinate) -> PlacesError {
    let cap = provider.capabilities.resultLimit
    let advice =
      isBeyondCap
      ? "; --limit \(cap) or less answers it" : "; without --open the search answers it"
    return .notExact(
      "at least \(cap) places lie within about 1 m of "
        + "\(Self.rounded(spot.latitude)),\(Self.rounded(spot.longitude)), and one "
        + "search returns at most \(cap), so the \(query.limit) nearest\(query.isOpenOnly ? " open" : "") "
        + "places cannot be known exactly" + advice
    )
  }
}
