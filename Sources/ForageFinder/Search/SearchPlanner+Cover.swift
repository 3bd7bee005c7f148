import ForageGeodesy
import ForageProviders
import Foundation

extension SearchPlanner {
  /// How far ahead of the fix a planned search may be centred and the fixes it serves counted,
  /// in predicted radii of the next search.
  static let horizonRadii = 2.0
  /// Candidate centres: this many steps of a quarter predicted radius to each side of the track.
  static let lateralSteps = 4
  /// How far back from the fix the heading is taken, in predicted radii of the next search: a
  /// turn counts once the receiver has gone a fair part of the disk a search holds past it, and
  /// is forgotten as soon. A car plans searches of about 200 m at K = 20 in a dense city, so
  /// its heading comes from the last 100 m, not the 210 m of its ``recentFixes``; a walk's 22 m
  /// all count, and so do a car's in a sparse city, where searches reach 700 m. On the dense
  /// drives of SyntheticCity this saves 8 to 16 % of the requests (seeds 12 and 7 tuned on, 31,
  /// 58 and 83 held out), and changes no walk and no sparse drive.
  static let headingSpanRadii = 0.5

  /// The next search for a fix that needs the disk of radius `needed`, placed against every disk
  /// the cache knows: of centres ahead of the fix, behind it and beside its way, the one whose
  /// disk completes, with the `known` disks, the needed disks of the most fixes to come.
  ///
  /// A capped search knows only the disk out to its cap-th place, which where K is the cap is
  /// about the disk the fix needs: no search near the fix alone can hold the disks of the fixes
  /// after it, but a few beside the way, with their neighbours, do. When no centre completes the
  /// fix's own disk, the plan is ``Plan/isPreparing``: the centre that covers the most of the
  /// disks to come, and the engine searches at the fix as well (or fills the fix's gaps).
  ///
  /// Positions to come are predicted straight along the recent heading (over the last
  /// ``headingSpanRadii`` predicted radii; the fix alone while it stands still), a quarter of
  /// the needed radius apart, up to ``horizonRadii`` predicted radii ahead; each needs a disk
  /// ``neededGrowth`` times the fix's, sampled at its centre and ``circlePoints`` points on its
  /// circle. Candidate centres lie on a grid a quarter of the predicted radius apart, from one
  /// predicted radius behind the fix to the horizon, and up to ``lateralSteps`` steps to either
  /// side.
  ///
  /// - Parameters:
  ///   - fix: The fix that needs a search.
  ///   - needed: The radius around `fix` its answer needs known.
  ///   - known: Disks the cache knows near the fix (``CoverageCache/knownDisks(near:within:)``).
  ///   - gaps: Points of the fix's disk the cache's union does not hold
  ///     (``CoverageCache/nearestUnknownPoint(to:within:)``): the plan's disk must hold them
  ///     too, where the sampled points of ``known`` miss a sliver between disks.
  ///   - pages: The most pages a search fetches (3 for Google's legacy API, 1 for Places API
  ///     (New)): where it pages, the plan also chooses how many (``pageChoices(pages:)``), for
  ///     the most fixes completed per request.
  ///   - reach: How far a search at a centre can be complete at most, as far as the known places
  ///     tell (the distance to the cap-th known place), or `nil` when they do not.
  func coverPlan(
    for fix: Coordinate,
    needed: Double,
    known: [Disk],
    gaps: [Coordinate] = [],
    pages: Int = 1,
    reach: (Coordinate) -> Double?
  ) -> Plan {
    let atFix = Plan(centre: fix, enoughRadius: nil)
    let isMoving = movement(to: fix) != nil
    // Standing still, the fixes to come need the fix's own disk: one search there holds it.
    let choices = pageChoices(pages: isMoving ? pages : 1)
    guard let widest = choices.last?.radius, widest * Self.coverageConfidence > 1 else {
      return atFix
    }
    let predicted = Self.coverageConfidence * widest
    let plane = LocalProjection(origin: fix)
    let heading: PlanarPoint
    var horizon = 0.0
    if let (_, back, moved, _) = movement(to: fix, within: Self.headingSpanRadii * predicted) {
      heading = PlanarPoint(x: -back.x / moved, y: -back.y / moved)
      horizon = Self.horizonRadii * predicted
    } else {
      heading = PlanarPoint(x: 1, y: 0)
    }
    let side = PlanarPoint(x: -heading.y, y: heading.x)
    let disks = known.map { (centre: plane.project($0.centre), radius: $0.radius - 0.5) }
    // The probes: each position to come, its centre and its needed circle, and whether a
    // known disk already holds each point.
    // Standing still, the fixes to come stay where the fix is and need about its disk: a
    // little more, as moving on.
    let spacing = horizon > 0 ? max(needed / 4, 5) : 0
    let positions = horizon > 0 ? Int((horizon / spacing).rounded(.down)) : 1
    var probes: [[PlanarPoint]] = []
    for index in 0...positions {
      let along = Double(index) * spacing
      let position = PlanarPoint(x: heading.x * along, y: heading.y * along)
      let radius = (index == 0 ? needed : needed * Self.neededGrowth) + 0.5
      probes.append(
        [position]
          + (0..<Self.circlePoints).map { point in
            let angle = 2 * Double.pi * Double(point) / Double(Self.circlePoints)
            return PlanarPoint(
              x: position.x + radius * cos(angle),
              y: position.y + radius * sin(angle)
            )
          }
      )
    }
    var open = probes.map { points in
      points.filter { point in !disks.contains { $0.centre.distance(to: point) <= $0.radius } }
    }
    open[0] += gaps.map { plane.project($0) }
    guard !open[0].isEmpty else { return atFix }
    // The best centre and page count by fixes completed a request, then by points held a
    // request; on a tie the fewer pages.
    var best: (centre: PlanarPoint, choice: Int, completed: Double, points: Double)? = nil
    let step = predicted / 4
    let steps = Int((horizon / step).rounded(.down))
    for forward in -4...max(steps, 4) {
      for lateral in -Self.lateralSteps...Self.lateralSteps {
        let centre = PlanarPoint(
          x: heading.x * Double(forward) * step + side.x * Double(lateral) * step,
          y: heading.y * Double(forward) * step + side.y * Double(lateral) * step
        )
        let largest = reach(plane.unproject(centre)).map { $0 - 1 }
        for (number, choice) in choices.enumerated() {
          let expected = Self.coverageConfidence * choice.radius
          let radius = min(expected, largest ?? expected)
          guard radius > 0 else { continue }
          var completed = 0
          var isLeading = true
          var points = 0.0
          for (index, missing) in open.enumerated() {
            let held = missing.count { $0.distance(to: centre) <= radius }
            points += Double(held) / Double(index + 1)
            if isLeading, held == missing.count {
              completed += 1
            } else {
              isLeading = false
            }
          }
          let cost = Double(choice.pages ?? 1)
          let score = (completed: Double(completed) / cost, points: points / cost)
          if best == nil || score > (best!.completed, best!.points) {
            best = (centre, number, score.completed, score.points)
          }
        }
      }
    }
    guard let best, best.points > 0 else { return atFix }
    let choice = choices[best.choice]
    return Plan(
      centre: plane.unproject(best.centre),
      enoughRadius: choice.radius,
      isPreparing: best.completed == 0,
      pages: choice.pages
    )
  }

  /// How many pages a planned search may fetch, and how far from its centre each choice is
  /// expected to be complete (before ``coverageConfidence``), fewest pages first.
  ///
  /// As far as the last two searches that ended were complete, with no page limit (`nil`), as
  /// before pages were chosen: where a search is one page (Places API (New)), or where a recent
  /// search found every place within its reach (a sparse city: more pages would add nothing).
  /// Where searches page (Google's legacy API, 20 places a page, at most 60) and the last ones
  /// were capped, each page count from 1 to `pages`: the radius that holds that many pages of
  /// places at the density they met (the radius grows as the square root of the places). One
  /// page knows about the disk a fix needs at K = 20; two or three, with fewer searches beside
  /// the way, may complete more fixes a request.
  func pageChoices(pages: Int) -> [(pages: Int?, radius: Double)] {
    let recent = searches.filter { !$0.mayGrow }.suffix(2)
    guard let radius = recent.map(\.radius).min() else { return [] }
    let counts = recent.compactMap { $0.isComplete ? nil : $0.places }
    guard pages > 1, counts.count == recent.count, counts.allSatisfy({ $0 > 0 }) else {
      return [(nil, radius)]
    }
    // The radius of one place, at the sparser of the two searches' densities.
    let unit = zip(recent, counts).map { $0.radius / Double($1).squareRoot() }.min()!
    return (1...pages).map { count in
      (count, unit * Double(count * PageBudget.pageSize).squareRoot())
    }
  }
}
