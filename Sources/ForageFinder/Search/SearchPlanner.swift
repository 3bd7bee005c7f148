import ForageGeodesy
import Foundation

/// Where the coverage policy centres a search: ahead of the fix along its recent heading, as far
/// as the searches so far suggest the new disk, with the disks already known, will keep covering
/// the fixes still to come.
///
/// Only a guess. Where a search is capped (60 results) it is complete only out to its farthest
/// result, so a search far ahead may not reach back to the fix that asked; the engine checks the
/// coverage after every search and searches at the fix itself when the guess fell short. Answers
/// are exact either way; the guess only saves requests.
///
/// In the tangent plane of the fix, with `r` the predicted covered radius of the next search (the
/// smallest of the last two, shrunk) and `n` the radius the fix needs (out to its K-th nearest
/// known place, with a margin for the density to change), a centre `t` metres ahead is taken
/// when every point within `n` of the fix's predicted positions up to `t` ahead lies in a known
/// disk or in the new one. On a straight street this spaces searches about 2·√(r² − n²) apart,
/// where a search at the fix spaces them r − n apart.
///
/// The check is plain planar arithmetic (points on circles against a few dozen disks), not the
/// GEOS ``CoverageArea``: it tries dozens of hypothetical disks a search, which GEOS could only
/// answer by copying and growing the union for each; being a guess, it need not be exact.
struct SearchPlanner: Sendable {
  /// A search's centre and the radius within which it was complete.
  struct Disk: Sendable {
    var centre: Coordinate
    var radius: Double
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
  /// - Parameter mayGrow: Whether the search stopped paging early and may fetch more pages.
  mutating func note(search centre: Coordinate, coveredRadius: Double, mayGrow: Bool = false) {
    if let index = searches.lastIndex(where: { $0.centre == centre }) {
      searches[index].radius = max(searches[index].radius, coveredRadius)
      searches[index].mayGrow = mayGrow
      return
    }
    if searches.count == Self.recentSearches { searches.removeFirst() }
    searches.append(Disk(centre: centre, radius: coveredRadius, mayGrow: mayGrow))
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
  }

  /// How far the receiver moved over the recent fixes, in the tangent plane of `fix`: the
  /// vector from `fix` back to the oldest recent fix, its length, and the fixes it spans; `nil`
  /// while it stands still (or has given one fix).
  func movement(
    to fix: Coordinate
  ) -> (plane: LocalProjection, back: PlanarPoint, moved: Double, steps: Int)? {
    guard fixes.count >= 2, let oldest = fixes.first else { return nil }
    let plane = LocalProjection(origin: fix)
    let back = plane.project(oldest)
    guard back.magnitude >= Self.minimumMovement else { return nil }
    return (plane, back, back.magnitude, fixes.count - 1)
  }

  /// The next search for a fix that needs the disk of radius `needed`: ahead of it, or the fix
  /// itself when there is no heading or no search that ended to learn from yet.
  func plan(for fix: Coordinate, needed: Double) -> Plan {
    let atFix = Plan(centre: fix, enoughRadius: nil)
    let ended = searches.filter { !$0.mayGrow }
    guard !ended.isEmpty, let (plane, back, moved, _) = movement(to: fix) else {
      return atFix
    }
    let heading = PlanarPoint(x: -back.x / moved, y: -back.y / moved)
    let recent = ended.suffix(2).map(\.radius).min()!
    let predicted = Self.coverageConfidence * recent
    let reach = needed * Self.neededGrowth
    guard predicted > reach else { return atFix }
    let known = searches.map { (plane.project($0.centre), $0.radius * Self.coverageConfidence) }
    let step = max(5, predicted / 40)
    var ahead = 2 * predicted
    while ahead > 0 {
      let centre = PlanarPoint(x: heading.x * ahead, y: heading.y * ahead)
      if Self.keepsCovered(
        ahead: ahead,
        heading: heading,
        reach: reach,
        disks: known + [(centre, predicted)]
      ) {
        return Plan(centre: plane.unproject(centre), enoughRadius: recent)
      }
      ahead -= step
    }
    return atFix
  }

  /// Whether every point within `reach` of the positions from the fix (the origin) to `ahead`
  /// metres along `heading` lies in one of `disks`.
  private static func keepsCovered(
    ahead: Double,
    heading: PlanarPoint,
    reach: Double,
    disks: [(PlanarPoint, Double)]
  ) -> Bool {
    let positions = max(1, Int((ahead / max(reach / 4, 5)).rounded(.up)))
    for index in 0...positions {
      let along = ahead * Double(index) / Double(positions)
      let position = PlanarPoint(x: heading.x * along, y: heading.y * along)
      for point in 0..<circlePoints {
        let angle = 2 * Double.pi * Double(point) / Double(circlePoints)
        let probe = PlanarPoint(
          x: position.x + reach * cos(angle),
          y: position.y + reach * sin(angle)
        )
        guard disks.contains(where: { $0.0.distance(to: probe) <= $0.1 }) else { return false }
      }
    }
    return true
  }
}
