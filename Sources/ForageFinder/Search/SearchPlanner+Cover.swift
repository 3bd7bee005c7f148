import ForageGeodesy
import Foundation

extension SearchPlanner {
  /// How far ahead of the fix a planned search may be centred and the fixes it serves counted,
  /// in predicted radii of the next search.
  static let horizonRadii = 2.0
  /// Candidate centres: this many steps of a quarter predicted radius to each side of the track.
  static let lateralSteps = 4

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
  /// Positions to come are predicted straight along the recent heading (the fix alone while it
  /// stands still), a quarter of the needed radius apart, up to ``horizonRadii`` predicted radii
  /// ahead; each needs a disk ``neededGrowth`` times the fix's, sampled at its centre and
  /// ``circlePoints`` points on its circle. Candidate centres lie on a grid a quarter of the
  /// predicted radius apart, from one predicted radius behind the fix to the horizon, and up to
  /// ``lateralSteps`` steps to either side.
  ///
  /// - Parameters:
  ///   - fix: The fix that needs a search.
  ///   - needed: The radius around `fix` its answer needs known.
  ///   - known: Disks the cache knows near the fix (``CoverageCache/knownDisks(near:within:)``).
  ///   - gaps: Points of the fix's disk the cache's union does not hold
  ///     (``CoverageCache/nearestUnknownPoint(to:within:)``): the plan's disk must hold them
  ///     too, where the sampled points of ``known`` miss a sliver between disks.
  ///   - reach: How far a search at a centre can be complete at most, as far as the known places
  ///     tell (the distance to the cap-th known place), or `nil` when they do not.
  func coverPlan(
    for fix: Coordinate,
    needed: Double,
    known: [Disk],
    gaps: [Coordinate] = [],
    reach: (Coordinate) -> Double?
  ) -> Plan {
    let atFix = Plan(centre: fix, enoughRadius: nil)
    let ended = searches.filter { !$0.mayGrow }
    guard !ended.isEmpty else { return atFix }
    let recent = ended.suffix(2).map(\.radius).min()!
    let predicted = Self.coverageConfidence * recent
    guard predicted > 1 else { return atFix }
    let plane = LocalProjection(origin: fix)
    let heading: PlanarPoint
    var horizon = 0.0
    if let (_, back, moved, _) = movement(to: fix) {
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
    var best: (centre: PlanarPoint, completed: Int, points: Double)? = nil
    let step = predicted / 4
    let steps = Int((horizon / step).rounded(.down))
    for forward in -4...max(steps, 4) {
      for lateral in -Self.lateralSteps...Self.lateralSteps {
        let centre = PlanarPoint(
          x: heading.x * Double(forward) * step + side.x * Double(lateral) * step,
          y: heading.y * Double(forward) * step + side.y * Double(lateral) * step
        )
        let radius = min(predicted, reach(plane.unproject(centre)).map { $0 - 1 } ?? predicted)
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
        if best == nil || (completed, points) > (best!.completed, best!.points) {
          best = (centre, completed, points)
        }
      }
    }
    guard let best, best.points > 0 else { return atFix }
    return Plan(
      centre: plane.unproject(best.centre),
      enoughRadius: recent,
      isPreparing: best.completed == 0
    )
  }
}
