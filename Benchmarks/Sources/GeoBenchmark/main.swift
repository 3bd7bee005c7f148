import CGEOS
import ForageCoverage
import ForageGeodesy
// GeoBenchmark: the places index against a brute-force haversine scan, measured in one run.
//
// 100 000 places spread uniformly over a 20 × 20 km square around Helsinki; 10 000 queries
// "K = 20 nearest within 500 m" at uniformly random points of the same square. Reports index
// build time, index queries per second (exact answers whose distances are measured when read),
// the same queries reading every distance, the cost of the answers' exact distances alone,
// whether the 150 000 q/s target is met, haversine-scan queries per second (on a subset: a scan
// costs milliseconds), whether the index's answers are identical to an exact brute-force
// geodesic scan (ids, order and distances read from the answers, on subsets, for several K and R,
// and on a set full of exact ties), peak memory, the GEOS STRtree instead of the k-d tree, and
// the coverage area's cost after 10 000 disks along a long track.
import ForagePlaceModel
import ForageSpatialIndex
import ForageSupport
import Foundation

struct Place: SpatialItem, Sendable {
  var id: String
  var coordinate: Coordinate
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
  try ContinuousClock().measure(body).seconds
}

func peakResidentMegabytes() -> Double {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
  else { return .nan }
  return kilobytes / 1024
}

let placeCount = 100_000
let queryCount = 10_000
let scanQueryCount = 500
let exactQueryCount = 200
let k = 20
let radius = 500.0
let half = 10_000.0

var generator = SplitMix64(seed: 2026)
let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
let plane = LocalProjection(origin: centre)
func randomPoint(_ generator: inout SplitMix64) -> Coordinate {
  plane.unproject(
    PlanarPoint(
      x: .random(in: -half...half, using: &generator),
      y: .random(in: -half...half, using: &generator)
    )
  )
}
let places = (0..<placeCount).map {
  Place(id: String(format: "place-%06d", $0), coordinate: randomPoint(&generator))
}
let queries = (0..<queryCount).map { _ in randomPoint(&generator) }
print(
  "GeoBenchmark: \(placeCount) places over 20 x 20 km, \(queryCount) queries K=\(k) within \(Int(radius)) m"
)

// Index build and queries.
let buildStart = DispatchTime.now().uptimeNanoseconds
let index = SpatialIndex(places)
let buildTime = Double(DispatchTime.now().uptimeNanoseconds - buildStart) / 1e9
// Best of three rounds for both the index and the scan: the machine is shared.
let rounds = 3
var answers: [[Neighbor<Place>]] = []
var indexTime = Double.infinity
for _ in 0..<rounds {
  answers.removeAll(keepingCapacity: true)
  indexTime = min(
    indexTime,
    seconds { for query in queries { answers.append(index.nearest(k, within: radius, of: query)) } }
  )
}
let indexRate = Double(queryCount) / indexTime
let found = answers.map(\.count).reduce(0, +)
print(String(format: "index build:            %.1f ms", buildTime * 1000))
print(
  String(
    format:
      "index queries:          %.0f q/s best of 3 (%.1f µs each, %.1f results on average): exact places and order, distances measured when read",
    indexRate,
    indexTime / Double(queryCount) * 1e6,
    Double(found) / Double(queryCount)
  )
)

// The same queries reading every distance of every answer once: what a caller that needs them
// all (the finder's output does) pays.
var readingTime = Double.infinity
var readSum = 0.0
for _ in 0..<rounds {
  readingTime = min(
    readingTime,
    seconds {
      for query in queries {
        for neighbor in index.nearest(k, within: radius, of: query) {
          readSum += neighbor.distance()
        }
      }
    }
  )
}
print(
  String(
    format: "index reading every distance: %.0f q/s best of 3 (%.1f µs each)",
    Double(queryCount) / readingTime,
    readingTime / Double(queryCount) * 1e6
  )
)

// Every exact distance is a geod_inverse call, and only geod_inverse gives the bits an exact scan
// gives: timing just those calls, for the answers the index returned, shows what reading every
// distance costs by itself, with no search at all.
var distanceTime = Double.infinity
var distanceSum = 0.0
for _ in 0..<rounds {
  distanceTime = min(
    distanceTime,
    seconds {
      for (query, answer) in zip(queries, answers) {
        for neighbor in answer { distanceSum += Geodesic.distance(query, neighbor.item.coordinate) }
      }
    }
  )
}
print(
  String(
    format:
      "answer distances alone: %.0f q/s best of 3 (%.1f µs each: %.1f geod_inverse a query, no search), %.0f%% of the time of the index reading every distance",
    Double(queryCount) / distanceTime,
    distanceTime / Double(queryCount) * 1e6,
    Double(found) / Double(queryCount),
    distanceTime / readingTime * 100
  )
)
let target = 150_000.0
print(
  String(
    format: "target >= %.0f q/s:     %@ (%.0f q/s, exact answers, distances measured when read)",
    target,
    indexRate >= target ? "met" : "MISSED",
    indexRate
  )
)

// Baselines: brute-force haversine scans (mean Earth radius), same data, same run. "Textbook"
// converts and takes cos φ per pair, as the formula is usually written; "tuned" precomputes each
// place's radians and cos φ once.
let earthRadius = 6_371_008.8
let coordinates = places.map(\.coordinate)
func textbookScan(_ query: Coordinate) -> [Int] {
  var hits: [(Double, Int)] = []
  for i in 0..<placeCount {
    let place = coordinates[i]
    let phi1 = query.latitude * .pi / 180
    let phi2 = place.latitude * .pi / 180
    let a = sin((phi2 - phi1) / 2)
    let b = sin((place.longitude - query.longitude) * .pi / 180 / 2)
    let h = a * a + cos(phi1) * cos(phi2) * b * b
    let distance = 2 * earthRadius * asin(min(1, h.squareRoot()))
    if distance <= radius { hits.append((distance, i)) }
  }
  hits.sort { $0 < $1 }
  return hits.prefix(k).map(\.1)
}
let latitudes = coordinates.map { $0.latitude * .pi / 180 }
let longitudes = coordinates.map { $0.longitude * .pi / 180 }
let cosLatitudes = latitudes.map { cos($0) }
func tunedScan(_ query: Coordinate) -> [Int] {
  let phi = query.latitude * .pi / 180
  let lambda = query.longitude * .pi / 180
  let cosPhi = cos(phi)
  var hits: [(Double, Int)] = []
  for i in 0..<placeCount {
    let a = sin((latitudes[i] - phi) / 2)
    let b = sin((longitudes[i] - lambda) / 2)
    let h = a * a + cosPhi * cosLatitudes[i] * b * b
    let distance = 2 * earthRadius * asin(min(1, h.squareRoot()))
    if distance <= radius { hits.append((distance, i)) }
  }
  hits.sort { $0 < $1 }
  return hits.prefix(k).map(\.1)
}
func measureScan(_ scan: (Coordinate) -> [Int]) -> (time: Double, answers: [[Int]]) {
  var best = Double.infinity
  var answers: [[Int]] = []
  for _ in 0..<rounds {
    answers.removeAll(keepingCapacity: true)
    best = min(
      best,
      seconds { for query in queries.prefix(scanQueryCount) { answers.append(scan(query)) } }
    )
  }
  return (best, answers)
}
for (name, scan) in [("textbook", textbookScan), ("tuned", tunedScan)]
  as [(String, (Coordinate) -> [Int])]
{
  let (scanTime, scanAnswers) = measureScan(scan)
  let scanRate = Double(scanQueryCount) / scanTime
  let agrees = zip(scanAnswers, answers).filter { $0.0 == $0.1.map(\.index) }.count
  print(
    String(
      format:
        "haversine scan, %@: %.0f q/s best of 3 (%.0f µs each, %d queries); index is %.0fx faster; same answer as geodesic in %d/%d",
      name,
      scanRate,
      scanTime / Double(scanQueryCount) * 1e6,
      scanQueryCount,
      indexRate / scanRate,
      agrees,
      scanQueryCount
    )
  )
}

// Correctness: identical to an exact brute-force geodesic scan.
var identical = 0
let exactTime = seconds {
  for (query, answer) in zip(queries, answers).prefix(exactQueryCount) {
    let exact = places.enumerated()
      .map {
        (
          offset: $0.offset, id: $0.element.id,
          distance: Geodesic.distance(query, $0.element.coordinate)
        )
      }
      .filter { $0.distance <= radius }
      .sorted { ($0.distance, $0.id, $0.offset) < ($1.distance, $1.id, $1.offset) }
      .prefix(k)
    if exact.map(\.offset) == answer.map(\.index)
      && exact.map(\.distance) == answer.map({ $0.distance() })
    {
      identical += 1
    }
  }
}
print(
  String(
    format: "exact geodesic scan:    %d/%d queries identical (ids, order and distances), %.0f q/s",
    identical,
    exactQueryCount,
    Double(exactQueryCount) / exactTime
  )
)

// More queries and other K and R, against an exact scan that skips, by haversine, places that
// cannot be within R: haversine on the mean sphere is within 0.6 % of the WGS84 geodesic, so a
// 1 % + 1 m margin drops nothing (and it owes nothing to the index's ECEF chord bound).
func exactScan(_ query: Coordinate, _ limit: Int, _ radius: Double) -> [(Int, Double)] {
  let phi = query.latitude * .pi / 180
  let lambda = query.longitude * .pi / 180
  let cosPhi = cos(phi)
  let margin = radius * 1.01 + 1
  var hits: [(offset: Int, id: String, distance: Double)] = []
  for i in 0..<placeCount {
    let a = sin((latitudes[i] - phi) / 2)
    let b = sin((longitudes[i] - lambda) / 2)
    let h = a * a + cosPhi * cosLatitudes[i] * b * b
    guard 2 * earthRadius * asin(min(1, h.squareRoot())) <= margin else { continue }
    let distance = Geodesic.distance(query, coordinates[i])
    if distance <= radius { hits.append((i, places[i].id, distance)) }
  }
  hits.sort { ($0.distance, $0.id, $0.offset) < ($1.distance, $1.id, $1.offset) }
  return hits.prefix(limit).map { ($0.offset, $0.distance) }
}
for (limit, cut, count) in [
  (20, radius, 2_000), (20, 150.0, 500), (1, 30.0, 500), (200, radius, 200),
] {
  var same = 0
  var sizes = 0
  for query in queries.suffix(count) {
    let answer = index.nearest(limit, within: cut, of: query)
    let exact = exactScan(query, limit, cut)
    sizes += exact.count
    if exact.map(\.0) == answer.map(\.index) && exact.map(\.1) == answer.map({ $0.distance() }) {
      same += 1
    }
  }
  print(
    String(
      format: "exact, K=%d within %.0f m: %d/%d queries identical (%.1f results on average)",
      limit,
      cut,
      same,
      count,
      Double(sizes) / Double(count)
    )
  )
}

// Exact ties. Mirror images (±φ, ±λ) of 1 000 places around 0°, 0° are exactly as far from it as
// each other (the geodesic and the chord are symmetric to the bit), and every place has one to
// three copies at the same coordinate under other identifiers (some identifiers repeat, so
// positions break those ties). Queries at 0°, 0° cut inside four-way ties and copies, also with
// the radius set to a tied distance; queries nearby cut inside copies.
var tieGenerator = SplitMix64(seed: 12)
let tiedPlaces = try { () throws -> [Place] in
  var tiedPlaces: [Place] = []
  for _ in 0..<1_000 {
    let latitude = Double.random(in: 0.0001...0.009, using: &tieGenerator)
    let longitude = Double.random(in: 0.0001...0.009, using: &tieGenerator)
    for (north, east) in [(1.0, 1.0), (-1, 1), (1, -1), (-1, -1)] {
      let coordinate = try Coordinate(latitude: north * latitude, longitude: east * longitude)
      for copy in 0..<Int.random(in: 1...3, using: &tieGenerator) {
        let name = Int.random(in: 0..<1_000, using: &tieGenerator)
        tiedPlaces.append(Place(id: String(format: "t%03d-%d", name, copy), coordinate: coordinate))
      }
    }
  }
  return tiedPlaces
}()
let tiedIndex = SpatialIndex(tiedPlaces)
/// Every place within `radius` of `query`, exactly measured and in answer order.
func exactlyOrdered(_ query: Coordinate, _ radius: Double) -> [(offset: Int, distance: Double)] {
  tiedPlaces.enumerated()
    .map {
      (
        offset: $0.offset, id: $0.element.id,
        distance: Geodesic.distance(query, $0.element.coordinate)
      )
    }
    .filter { $0.distance <= radius }
    .sorted { ($0.distance, $0.id, $0.offset) < ($1.distance, $1.id, $1.offset) }
    .map { (offset: $0.offset, distance: $0.distance) }
}
let origin = try Coordinate(latitude: 0, longitude: 0)
let originOrder = exactlyOrdered(origin, 1_500)
var tieCases: [(query: Coordinate, limit: Int, radius: Double)] = []
for limit in [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 13, 20, 33, 50, 64, 65, 100, 500] {
  tieCases.append((origin, limit, 1_500))
  tieCases.append((origin, limit, originOrder[limit * 2].distance))
}
for _ in 0..<300 {
  let query = try Coordinate(
    latitude: .random(in: -0.01...0.01, using: &tieGenerator),
    longitude: .random(in: -0.01...0.01, using: &tieGenerator)
  )
  tieCases.append(
    (query, .random(in: 1...64, using: &tieGenerator), .random(in: 30...800, using: &tieGenerator))
  )
}
var tieSame = 0
var cutInsideTie = 0
var tiedAnswers = 0
for (query, limit, cut) in tieCases {
  let exact = exactlyOrdered(query, cut)
  let answer = tiedIndex.nearest(limit, within: cut, of: query)
  let expected = exact.prefix(limit)
  if expected.map(\.offset) == answer.map(\.index)
    && expected.map(\.distance) == answer.map({ $0.distance() })
  {
    tieSame += 1
  }
  if exact.count > limit && exact[limit - 1].distance == exact[limit].distance { cutInsideTie += 1 }
  if zip(expected, expected.dropFirst()).contains(where: { $0.distance == $1.distance }) {
    tiedAnswers += 1
  }
}
print(
  String(
    format:
      "exact ties (%d places, copies and mirror images): %d/%d queries identical; %d answers hold an exact tie, %d cut K inside one",
    tiedPlaces.count,
    tieSame,
    tieCases.count,
    tiedAnswers,
    cutInsideTie
  )
)
print(
  String(
    format: "peak memory (VmHWM):    %.1f MB (data, k-d tree, scans; before the STRtree)",
    peakResidentMegabytes()
  )
)

// Alternative index: GEOS STRtree over the places projected to a tangent plane, queried with the
// 1 km square around each query, then the same chord bound and exact geodesics as the k-d tree.
/// Collects STRtree query hits; reached from the C callback through `userdata`.
final class HitList {
  var indices: [Int] = []
}
func collectHit(_ item: UnsafeMutableRawPointer?, _ userdata: UnsafeMutableRawPointer?) {
  guard let item, let userdata else { return }
  Unmanaged<HitList>.fromOpaque(userdata).takeUnretainedValue().indices.append(
    Int(bitPattern: item) - 1
  )
}
let geos = GEOS_init_r()!
let strtreeBuildStart = DispatchTime.now().uptimeNanoseconds
let strtree = GEOSSTRtree_create_r(geos, 10)!
let planar = coordinates.map { plane.project($0) }
let pointGeometries = planar.map { GEOSGeom_createPointFromXY_r(geos, $0.x, $0.y)! }
for (offset, geometry) in pointGeometries.enumerated() {
  GEOSSTRtree_insert_r(geos, strtree, geometry, UnsafeMutableRawPointer(bitPattern: offset + 1))
}
let earthPoints = coordinates.map(EarthCentredPoint.init)
let strtreeBuild = Double(DispatchTime.now().uptimeNanoseconds - strtreeBuildStart) / 1e9
@MainActor func strtreeNearest(_ query: Coordinate, _ hits: HitList) -> [Int] {
  let centre = plane.project(query)
  let pad = radius + 1
  let box = GEOSGeom_createRectangle_r(
    geos,
    centre.x - pad,
    centre.y - pad,
    centre.x + pad,
    centre.y + pad
  )!
  defer { GEOSGeom_destroy_r(geos, box) }
  hits.indices.removeAll(keepingCapacity: true)
  GEOSSTRtree_query_r(geos, strtree, box, collectHit, Unmanaged.passUnretained(hits).toOpaque())
  let queryPoint = EarthCentredPoint(query)
  var candidates = hits.indices.map {
    (index: $0, chord: earthPoints[$0].chordDistance(to: queryPoint))
  }
  candidates.sort { $0.chord < $1.chord }
  if candidates.count > k {
    let bound = EarthCentredPoint.geodesicUpperBound(chord: candidates[k - 1].chord)
    candidates.removeAll { $0.chord > bound }
  }
  return candidates.map {
    (
      index: $0.index, id: places[$0.index].id,
      distance: Geodesic.distance(query, coordinates[$0.index])
    )
  }
  .filter { $0.distance <= radius }
  .sorted { ($0.distance, $0.id, $0.index) < ($1.distance, $1.id, $1.index) }
  .prefix(k)
  .map(\.index)
}
let hitList = HitList()
var strtreeAgrees = 0
var strtreeTime = Double.infinity
for _ in 0..<rounds {
  var agrees = 0
  strtreeTime = min(
    strtreeTime,
    seconds {
      for (query, answer) in zip(queries, answers)
      where strtreeNearest(query, hitList) == answer.map(\.index) {
        agrees += 1
      }
    }
  )
  strtreeAgrees = agrees
}
print(
  String(
    format:
      "GEOS STRtree instead:   %.0f q/s best of 3 (%.1f µs each, every candidate measured; built in %.1f ms); same answers in %d/%d; k-d tree is %.1fx faster (%.1fx reading every distance)",
    Double(queryCount) / strtreeTime,
    strtreeTime / Double(queryCount) * 1e6,
    strtreeBuild * 1000,
    strtreeAgrees,
    queryCount,
    strtreeTime / indexTime,
    strtreeTime / readingTime
  )
)
GEOSSTRtree_destroy_r(geos, strtree)
for geometry in pointGeometries { GEOSGeom_destroy_r(geos, geometry) }
GEOS_finish_r(geos)

// Coverage area after 10 000 disks: a 100 km meandering track, a 500 m disk every 10 m.
let coverage = try CoverageArea()
var position = try Coordinate(latitude: 60.10, longitude: 24.60)
var heading = 60.0
var track: [Coordinate] = []
for _ in 0..<10_000 {
  heading += .random(in: -8...8, using: &generator)
  position = Geodesic.destination(from: position, azimuth: heading, distance: 10)
  track.append(position)
}
var addTimes: [Double] = []
let addTime = try seconds {
  for (step, point) in track.enumerated() {
    let time = try seconds { try coverage.add(point, radius: 500) }
    if step >= track.count - 1_000 { addTimes.append(time) }
  }
}
var coveredCount = 0
let probes = (0..<2_000).map { _ in
  Geodesic.destination(
    from: track[Int.random(in: 0..<track.count, using: &generator)],
    azimuth: .random(in: 0..<360, using: &generator),
    distance: .random(in: 0...600, using: &generator)
  )
}
let coversTime = try seconds {
  for probe in probes where try coverage.covers(probe, radius: 300) { coveredCount += 1 }
}
let statistics = coverage.statistics
print(
  String(
    format: "coverage, 10 000 disks:  add %.0f µs/disk on average, %.0f µs/disk for the last 1 000",
    addTime / 1e4 * 1e6,
    addTimes.reduce(0, +) / Double(addTimes.count) * 1e6
  )
)
print(
  String(
    format: "coverage covers():       %.0f µs/query (%d of %d probes covered)",
    coversTime / Double(probes.count) * 1e6,
    coveredCount,
    probes.count
  )
)
print(
  "coverage size:           \(statistics.tiles) tiles (\(statistics.fullTiles) full), \(statistics.vertices) vertices in partial tiles"
)
print(String(format: "peak memory at the end: %.1f MB", peakResidentMegabytes()))
