import ForageGeodesy
import ForageProviders
import ForageSupport
import Foundation
import Synchronization

/// Fills the gaps of a needed disk that one search near the fix cannot cover (K beyond the cap,
/// or `--open` with a capped provider), and remembers the crowded spots no search can see into.
final class GapFiller: Sendable {
  /// The most searches made to fill the gaps of one fix's needed disk (``fill(around:at:)``).
  static let mostSearches = 100

  /// How far short of a crowded spot the places nearer than it are counted, in metres: a fix
  /// whose K-th nearest place lies closer to the spot than this is refused too, but the hole the
  /// searches leave around the spot (about a metre, as ``CappedCoverage/margin``, and half a
  /// percent of their distance) is not searched sliver by sliver for every fix.
  static let crowdClearance = 5.0

  let query: PlacesQuery

  let cap: SearchCap

  let neededDisk: NeededDisk

  let placement: SearchPlacement

  let pager: SearchPager

  /// Spots where a search learned nothing around its own centre: at least the cap of places
  /// lie within about a metre, so no disk that holds the spot can be known.
  private let crowdedSpots = Mutex<[Coordinate]>([])

  var cache: CoverageCache { neededDisk.cache }

  /// Creates the gap filler of an engine.
  init(
    query: PlacesQuery,
    cap: SearchCap,
    neededDisk: NeededDisk,
    placement: SearchPlacement,
    pager: SearchPager
  ) {
    self.query = query
    self.cap = cap
    self.neededDisk = neededDisk
    self.placement = placement
    self.pager = pager
  }

  /// Whether gaps are filled: with ``PlacesQuery/isOpenOnly`` or K beyond the cap, for searches
  /// nearest first.
  var isFilling: Bool {
    (query.isOpenOnly || cap.isBeyond(query)) && query.isRankedByDistance(on: cap.capabilities)
  }

  /// With ``PlacesQuery/isOpenOnly`` and a capped provider asked nearest first (Places API
  /// (New)'s 20), the search at the fix may end before the K-th open place; with K beyond the
  /// cap, it always does: the disk the answer needs is then not fully known. Searches where the
  /// planner completes that disk with the known ones (K beyond the cap), else at the nearest
  /// point of it the cache does not know, until it is known (at most ``mostSearches``), so
  /// the answer stays the K nearest (open) places: a search whose answer holds fewer places
  /// than the cap knows its whole circle, so the union answers any K. Without either, a capped
  /// search at the fix always reaches the K-th place, and nothing is done.
  func fill(around centre: Coordinate, at time: Date?) async throws(PlacesError) {
    guard isFilling else { return }
    let isBeyondCap = cap.isBeyond(query)
    var planned: Coordinate? = nil
    for _ in 0..<Self.mostSearches {
      var needed = neededDisk.around(centre, at: time).radius
      guard !neededDisk.isAnswerable(centre, needing: needed) else { return }
      if let spot = crowdedSpot(within: needed, of: centre) {
        let spotDistance = Geodesic.distance(spot, centre)
        // Whether the K nearest known (open) places end at the crowd, not past it.
        let endsAtCrowd = needed <= spotDistance + 2 * CappedCoverage.margin
        // The answer needs the crowded spot unless the places nearer than it are enough: once
        // the disk short of it is known and they are not, no answer is exact. Short by
        // ``crowdClearance``: searches near the spot learn only slivers.
        needed = max(0, spotDistance - Self.crowdClearance)
        if cache.covers(centre, radius: needed) {
          // A search at the fix itself ranks every place nearer than its farthest, and the
          // crowd's places it returns ahead of those it does not, tied with them at the spot:
          // where the K nearest (open) places end at the crowd, they need no more than it
          // returned (``NeededDisk/isAnswerable(_:needing:)``). Past it, nothing can.
          if endsAtCrowd, cache.rankedReach(at: centre) == nil {
            try await pager.search(around: centre, for: centre, at: time)
            continue
          }
          throw crowded(spot)
        }
      } else {
        // Beyond the cap, where the planner finds a centre that completes the disk with the
        // known ones, there (not twice at one centre); else at the nearest gap.
        let plan =
          placement.policy == .coverage && isBeyondCap
          ? placement.plan(for: centre, needed: needed) : nil
        if let plan, !plan.isPreparing, plan.centre != centre,
          planned.map({ Geodesic.distance($0, plan.centre) >= 1 }) ?? true
        {
          planned = plan.centre
          try await pager.search(around: plan.centre, for: centre, at: time)
          continue
        }
      }
      // A crowd at one spot no search has seen past is searched at itself first: searches
      // beside it learn only slivers (a refused fix cost 50 searches), and one at it either
      // sees past it or proves the spot crowded.
      let crowd = suspectedCrowd(within: needed, of: centre)
      guard let gap = crowd ?? cache.nearestUnknownPoint(to: centre, within: needed) else {
        return
      }
      try await pager.search(around: gap, for: centre, at: time)
      if !cache.covers(gap, radius: 0) {
        // Every place the search returned lies within about a metre of the gap: no search
        // can tell whether more lie there.
        crowdedSpots.withLock { $0.append(gap) }
        throw crowded(gap)
      }
    }
    throw .notExact(
      "the \(query.limit) nearest places cannot be known exactly: \(Self.mostSearches) "
        + "searches of at most \(cap.resultLimit) places each did not tell apart the "
        + "places crowded within "
        + "\(JSONValue.format(neededDisk.around(centre, at: time).radius.rounded())) m"
    )
  }

  /// The nearest spot known to be crowded within about `radius` of `centre`, if any.
  func crowdedSpot(within radius: Double, of centre: Coordinate) -> Coordinate? {
    crowdedSpots.withLock { spots in
      spots.filter { Geodesic.distance($0, centre) <= radius + 1 }
        .min { Geodesic.distance($0, centre) < Geodesic.distance($1, centre) }
    }
  }

  /// A place within `radius` of `centre` with half the cap or more known places within about a
  /// metre of it, which no search the cache knows has seen past
  /// (``CoverageCache/crowdedPlace(within:of:count:among:)``): of the cap or more, no search
  /// ever will; of fewer, a search at it may.
  func suspectedCrowd(within radius: Double, of centre: Coordinate) -> Coordinate? {
    let limit = cap.resultLimit
    return cache.crowdedPlace(
      within: radius,
      of: centre,
      count: max(2, limit / 2),
      among: query.limit + 2 * limit
    )
  }

  /// A latitude or longitude to 6 decimals (0.1 m), for messages.
  static func rounded(_ degrees: Double) -> String {
    JSONValue.format((degrees * 1e6).rounded() / 1e6)
  }

  /// Why a disk holding the crowded `spot` cannot be known, and what answers instead; the spot
  /// named where its nearest place lies (the search that found it may have been a metre off).
  private func crowded(_ spot: Coordinate) -> PlacesError {
    let spot =
      cache.nearest(1, within: 2 * CappedCoverage.margin, of: spot).first?.item.coordinate ?? spot
    let limit = cap.resultLimit
    let advice =
      switch (cap.isBeyond(query), query.isOpenOnly) {
      case (true, false): "; --limit \(limit) or less answers it"
      case (true, true): "; --limit \(limit) or less without --open answers it"
      case (false, _): "; without --open the search answers it"
      }
    return .notExact(
      "at least \(limit) places lie within about 1 m of "
        + "\(Self.rounded(spot.latitude)),\(Self.rounded(spot.longitude)), and one "
        + "search returns at most \(limit), so the \(query.limit) nearest\(query.isOpenOnly ? " open" : "") "
        + "places cannot be known exactly" + advice
    )
  }
}
