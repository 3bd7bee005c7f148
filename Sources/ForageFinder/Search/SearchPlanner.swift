import ForageGeodesy
import Foundation

/// Where the coverage policy centres a search, from the recent fixes (their heading) and the
/// recent searches (how far they were complete): nearest first, beside the way as well as on it,
/// so that with the disks the cache knows it completes the disks the fixes to come need
/// (`SearchPlanner+Cover`); within a radius, ahead of the fix (`SearchPlanner+Radius`).
///
/// Only a guess. A capped search is complete only out to its farthest result, so a planned search
/// may fall short; the engine checks the coverage (the GEOS ``CoverageArea``) after every search
/// and plans again, or searches at the fix. Answers are exact either way; the guess only saves
/// requests.
///
/// The plans are plain planar arithmetic (points on circles against a few dozen disks), not the
/// GEOS union: they try hundreds of hypothetical disks a search, which GEOS could only answer by
/// copying and growing the union for each; being a guess, a plan need not be exact.
struct SearchPlanner: Sendable {
  /// A search's centre and the radius within which it was complete.
  struct Disk: Sendable {
    var centre: Coordinate
    var radius: Double
    /// How many places the search found (`nil` when not told). Either way they tell the
    /// density: ``radius`` is the radius of that many places when the search ended short of
    /// everything within its reach (capped, or at its plan's page limit), and its reach when it
    /// ``isComplete``.
    var places: Int? = nil
    /// Whether the search found every place within its reach.
    var isComplete = false
    /// Whether the search stopped paging early (``PausedSearch``): how far it reaches then says
    /// nothing of how far the next search will.
    var mayGrow = false
  }

  /// Fixes kept to estimate the heading (15 s at 1 Hz: a turn is forgotten soon, GPS noise is not
  /// taken for one).
  static let recentFixes = 16
  /// Searches kept to plan against.
  static let recentSearches = 24
  /// How much of the last searches' coverage the next one is expected to have.
  ///
  /// At 0.9 the guess fell short about once in 80 searches on the dense synthetic walks, and
  /// Places API (New) with K = 10 searched at the fix a third of the time; 0.95 spends fewer
  /// requests over walks and runs of three seeds of SyntheticCity (CoverageBenchmark).
  static let coverageConfidence = 0.95
  /// How much more than today's needed radius the fixes ahead are allowed to need.
  static let neededGrowth = 1.1
  /// The least movement over the recent fixes that gives a heading, metres.
  static let minimumMovement = 8.0
  /// Points on each needed circle checked against the disks.
  static let circlePoints = 24

  private(set) var fixes: [Coordinate] = []
  private(set) var searches: [Disk] = []

  /// Remembers a delivered fix.
  mutating func note(fix: Coordinate) {
    if fixes.count == Self.recentFixes { fixes.removeFirst() }
    fixes.append(fix)
  }

  /// Remembers a search and how far it was complete; a search that fetched more pages since it
  /// was last noted (``PausedSearch``) is noted again with its larger radius.
  ///
  /// - Parameters:
  ///   - places: How many places it found (``Disk/places``).
  ///   - isComplete: Whether it found every place within its reach (``Disk/isComplete``).
  ///   - mayGrow: Whether the search stopped paging early and may fetch more pages.
  mutating func note(
    search centre: Coordinate,
    coveredRadius: Double,
    places: Int? = nil,
    isComplete: Bool = false,
    mayGrow: Bool = false
  ) {
    if let index = searches.lastIndex(where: { $0.centre == centre }) {
      if coveredRadius >= searches[index].radius {
        searches[index].radius = coveredRadius
        searches[index].places = places
        searches[index].isComplete = isComplete
      }
      searches[index].mayGrow = mayGrow
      return
    }
    if searches.count == Self.recentSearches { searches.removeFirst() }
    searches.append(
      Disk(
        centre: centre,
        radius: coveredRadius,
        places: places,
        isComplete: isComplete,
        mayGrow: mayGrow
      )
    )
  }

  /// A planned search: where, and how far from there it should be complete. A search nearest
  /// first stops fetching pages there: as far as the last searches were (the plan counted on a
  /// little less). A search within a radius asks for that radius. `nil` is R: at the fix, the
  /// search goes on until R is covered as before.
  struct Plan: Sendable, Equatable {
    var centre: Coordinate
    var enoughRadius: Double?
    /// Whether the search only prepares for the fixes to come, without completing the fix's
    /// own disk: the fix then needs a search of its own.
    var isPreparing = false
    /// The most pages the search fetches, when the plan counted on that many (an API that
    /// pages, ``SearchPlanner/coverPlan(for:needed:known:gaps:pages:reach:)``); `nil` for as
    /// many as ``enoughRadius`` takes.
    var pages: Int? = nil
  }

  /// How far the receiver moved over the recent fixes, in the tangent plane of `fix`: the
  /// vector from `fix` back to the oldest recent fix within `span` metres of it (the one before
  /// `fix` at least), its length, and the fixes it spans; `nil` while it stands still (or has
  /// given one fix).
  func movement(
    to fix: Coordinate,
    within span: Double = .infinity
  ) -> (plane: LocalProjection, back: PlanarPoint, moved: Double, steps: Int)? {
    guard fixes.count >= 2 else { return nil }
    let plane = LocalProjection(origin: fix)
    var first = fixes.count - 2
    while first > 0, plane.project(fixes[first - 1]).magnitude <= span { first -= 1 }
    let back = plane.project(fixes[first])
    guard back.magnitude >= Self.minimumMovement else { return nil }
    return (plane, back, back.magnitude, fixes.count - 1 - first)
  }
}
