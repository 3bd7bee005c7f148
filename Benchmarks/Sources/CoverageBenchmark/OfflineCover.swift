import BenchmarkSupport
import ForageFinder
import ForageGeodesy
import ForageSpatialIndex
import Foundation

/// The reference an online policy is measured against: a planner that knows the whole track in
/// advance picks searches greedily until every fix's needed disk lies in the union of the disks
/// its searches know.
///
/// How it is computed:
/// - Candidate centres lie anywhere near the track, not only on fixes: every other fix, and the
///   points of a square grid (spacing a third of the median needed radius, at least 10 m) within
///   the largest needed radius of some fix; so a search beside the track can complete, with the
///   others, the disks of the fixes on both sides of it.
/// - A candidate search is nearest first, with one page or more up to the provider's cap, each
///   complete out to what the finder would claim for it (the farthest of its results shrunk as
///   ``PlacesEngine`` does, or 4R when the provider ran out of places); within a radius, one
///   request complete within the largest radius the finder asks (4R).
/// - A fix's needed disk (out to its K-th nearest place within R, or R with fewer) counts as
///   covered when its centre and 24 points on its circle each lie in some chosen disk: the union
///   counts, no one disk need hold it.
/// - Each round takes the search that completes the most fixes per request (or, when none
///   completes one, covers the most points per request).
/// - Then every chosen search whose points the others all hold too is dropped, those of most
///   pages first (reverse delete): greedy rounds leave early searches that later ones made
///   redundant (on the dense walks, Places API (New) at K = 20 needs 57 rather than 83 on
///   seed 12).
///
/// Greedy set cover is within a factor ln n of the best cover and usually much closer, so its
/// count is a reference, not a proven bound; with the circles sampled it may be slightly
/// optimistic, with the centres on a grid slightly pessimistic.
struct OfflineCover {
  /// The result: searches chosen and the requests (pages) they cost.
  struct Plan {
    var searches: Int
    var requests: Int
    /// Fixes no candidate could cover (0 unless results tie at the cap).
    var uncovered: Int
  }

  /// A grid cell of candidate centres.
  private struct Cell: Hashable {
    var x: Int
    var y: Int
  }

  /// One candidate search: its cost, and for each fix it touches, the points of that fix it holds.
  private struct Candidate {
    var pages: Int
    var centre: PlanarPoint
    /// How far from ``centre`` it is complete, metres.
    var radius: Double
    var holds: [(fix: Int, points: UInt32)]
  }

  /// How the provider's searches answer.
  enum Searches {
    /// Nearest first, `pageSize` places a request, at most `resultLimit` in all (Google's
    /// legacy API: 20 and 60; Places API (New): 20 and 20).
    case nearestFirst(pageSize: Int, resultLimit: Int)
    /// Every place within the radius asked, in one request (Overpass).
    case withinRadius
  }

  static let circlePoints = 24
  /// How far a search by distance reaches, metres.
  static let apiReach = 50_000.0

  let fixes: [Coordinate]
  let oracle: Oracle
  let searches: Searches

  /// The greedy cover; with `candidatesFile`, also writes there every candidate search and the
  /// fixes' probes, for `Benchmarks/cover_bound.py` (see ``write(_:probes:to:)``).
  func plan(candidatesFile: URL? = nil) throws -> Plan {
    guard let origin = fixes.first else { return Plan(searches: 0, requests: 0, uncovered: 0) }
    let plane = LocalProjection(origin: origin)
    let index = SpatialIndex(oracle.places)
    let radius = oracle.query.radius
    // Each fix's probe points: its centre and its needed circle.
    let probes: [[PlanarPoint]] = fixes.map { fix in
      let centre = plane.project(fix)
      let needed = oracle.neededRadius(at: fix) + 1e-3
      return [centre]
        + (0..<Self.circlePoints).map { point in
          let angle = 2 * Double.pi * Double(point) / Double(Self.circlePoints)
          return PlanarPoint(x: centre.x + needed * cos(angle), y: centre.y + needed * sin(angle))
        }
    }
    let reaches = zip(fixes, probes).map { $1[1].distance(to: $1[0]) }
    var candidates: [Candidate] = []
    // The centres: every other fix, and a grid around the track.
    let neededRadii = fixes.map { oracle.neededRadius(at: $0) }.sorted()
    let spacing = max(10, neededRadii[neededRadii.count / 2] / 3)
    let band = neededRadii.last ?? radius
    let steps = Int((band / spacing).rounded(.up))
    var cells = Set<Cell>()
    var centres: [Coordinate] = stride(from: 0, to: fixes.count, by: 2).map { fixes[$0] }
    for fix in stride(from: 0, to: fixes.count, by: 2) {
      let planar = probes[fix][0]
      let column = Int((planar.x / spacing).rounded())
      let row = Int((planar.y / spacing).rounded())
      for dx in -steps...steps {
        for dy in -steps...steps {
          let cell = Cell(x: column + dx, y: row + dy)
          let point = PlanarPoint(x: Double(cell.x) * spacing, y: Double(cell.y) * spacing)
          if planar.distance(to: point) <= band, cells.insert(cell).inserted {
            centres.append(plane.unproject(point))
          }
        }
      }
    }
    for centre in centres {
      let planar = plane.project(centre)
      // Each choice of pages for a search here, and how far it is complete.
      var choices: [(pages: Int, covered: Double)] = []
      switch searches {
      case .withinRadius:
        choices = [(1, min(Self.apiReach, 4 * radius))]
      case .nearestFirst(let pageSize, let resultLimit):
        let ranked = index.nearest(resultLimit + 1, within: Self.apiReach, of: centre)
        for pages in 1...(resultLimit / pageSize) {
          let returned = min(ranked.count, pages * pageSize)
          let isComplete = ranked.count <= pages * pageSize
          if pages > 1, ranked.count <= (pages - 1) * pageSize { break }
          let farthest: Double = returned > 0 ? ranked[returned - 1].distance() : 0
          choices.append(
            (pages, isComplete ? min(Self.apiReach, 4 * radius) : max(0, farthest * 0.995 - 1))
          )
        }
      }
      for (pages, covered) in choices {
        var holds: [(fix: Int, points: UInt32)] = []
        for (other, points) in probes.enumerated()
        where points[0].distance(to: planar) <= covered + reaches[other] {
          var mask: UInt32 = 0
          for (bit, point) in points.enumerated() where point.distance(to: planar) <= covered {
            mask |= 1 << UInt32(bit)
          }
          if mask != 0 { holds.append((other, mask)) }
        }
        candidates.append(Candidate(pages: pages, centre: planar, radius: covered, holds: holds))
      }
    }
    if let candidatesFile { try write(candidates, probes: probes, to: candidatesFile) }
    let all: UInt32 = (1 << UInt32(Self.circlePoints + 1)) - 1
    var missing = [UInt32](repeating: all, count: fixes.count)
    var open = fixes.count
    var plan = Plan(searches: 0, requests: 0, uncovered: 0)
    var chosenSearches: [Int] = []
    while open > 0 {
      var best: (index: Int, score: Double)? = nil
      var bestPoints: (index: Int, score: Double)? = nil
      for (number, candidate) in candidates.enumerated() {
        var completed = 0
        var points = 0
        for hold in candidate.holds where missing[hold.fix] != 0 {
          if missing[hold.fix] & ~hold.points == 0 { completed += 1 }
          points += (missing[hold.fix] & hold.points).nonzeroBitCount
        }
        let cost = Double(candidate.pages)
        if completed > 0, Double(completed) / cost > best?.score ?? 0 {
          best = (number, Double(completed) / cost)
        }
        if points > 0, Double(points) / cost > bestPoints?.score ?? 0 {
          bestPoints = (number, Double(points) / cost)
        }
      }
      guard let chosen = best?.index ?? bestPoints?.index else {
        plan.uncovered = open
        break
      }
      chosenSearches.append(chosen)
      for hold in candidates[chosen].holds where missing[hold.fix] != 0 {
        missing[hold.fix] &= ~hold.points
        if missing[hold.fix] == 0 { open -= 1 }
      }
    }
    // Reverse delete: a search every point of which another chosen search also holds is
    // dropped, dearest first.
    var holders = [[Int32]](
      repeating: [Int32](repeating: 0, count: Self.circlePoints + 1),
      count: fixes.count
    )
    for chosen in chosenSearches {
      for hold in candidates[chosen].holds {
        for bit in 0...Self.circlePoints where hold.points & (1 << UInt32(bit)) != 0 {
          holders[hold.fix][bit] += 1
        }
      }
    }
    let order = chosenSearches.sorted { candidates[$0].pages > candidates[$1].pages }
    var dropped = Set<Int>()
    for chosen in order {
      let isRedundant = candidates[chosen].holds.allSatisfy { hold in
        (0...Self.circlePoints).allSatisfy { bit in
          hold.points & (1 << UInt32(bit)) == 0 || holders[hold.fix][bit] >= 2
        }
      }
      guard isRedundant else { continue }
      dropped.insert(chosen)
      for hold in candidates[chosen].holds {
        for bit in 0...Self.circlePoints where hold.points & (1 << UInt32(bit)) != 0 {
          holders[hold.fix][bit] -= 1
        }
      }
    }
    let kept = chosenSearches.filter { !dropped.contains($0) }
    plan.searches = kept.count
    plan.requests = kept.reduce(0) { $0 + candidates[$1].pages }
    return plan
  }

  /// Writes the fixes and the candidate searches as text, in the plane of the first fix
  /// (metres): a line `fixes points` (the fix count, and the points probed a fix: its centre
  /// and its circle); a line `x y needed` for each fix; then a line `pages x y radius` for each
  /// candidate, followed by ` fix:mask` for each fix it touches, bit `b` of `mask` set when it
  /// holds the fix's probe `b` (0 the centre, then the circle counterclockwise from east).
  private func write(_ candidates: [Candidate], probes: [[PlanarPoint]], to file: URL) throws {
    var text = "\(probes.count) \(Self.circlePoints + 1)\n"
    for points in probes {
      text += "\(points[0].x) \(points[0].y) \(points[1].distance(to: points[0]))\n"
    }
    for candidate in candidates {
      text += "\(candidate.pages) \(candidate.centre.x) \(candidate.centre.y) \(candidate.radius)"
      for hold in candidate.holds { text += " \(hold.fix):\(hold.points)" }
      text += "\n"
    }
    try Data(text.utf8).write(to: file, options: .atomic)
  }
}
