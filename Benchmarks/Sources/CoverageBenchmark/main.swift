import BenchmarkSupport
import ForageFinder
import ForageGeodesy
import ForagePlaceDataset
import ForageSupport
import ForageSyntheticCity
import Foundation
import MockPlaces

// CoverageBenchmark: how many Places requests the finder spends on a walk with each provider and
// K, and how far that is from what a planner knowing the whole track would spend (issues 12, 23,
// 36).
//
// The walks come from SyntheticCity (the generator mock-places' `synthetic-city` writes), R = 500
// m, type restaurant, 2 400 fixes at 1 Hz:
// - dense: about 840 restaurants within 500 m of the centre; sparse: about 10;
// - still (a receiver standing at the centre, 2 m of GPS noise), walk 1.4 m/s, run 4 m/s,
//   drive 14 m/s along the street grid;
// and, over the bundled OSM eateries, the bundled Helsinki walk (3 900 fixes) and a held-out
// walk (``HeldOutWalk``).
//
// Held out: SyntheticCity seeds 31 and 58 and the walk `helsinki-held` were chosen before any
// tuning and never tuned on (rows marked `*`); the planner was tuned on seeds 12 and 7 only.
//
// Each provider is served by the in-process mock on 127.0.0.1 in its own wire format, in virtual
// time, with the default coverage policy: google (legacy Nearby Search, rankby=distance, 20 a
// page, at most 60), places-new (Places API (New), DISTANCE, at most 20, one request; K above 20
// is answered from the union of searches), overpass (every place within the radius asked). Every
// answer is checked against a brute-force geodesic oracle (exact: yes). Beside each row, the
// offline cover (``OfflineCover``): the requests of a greedy planner that knows the whole track,
// counts the union of every disk it chose and may centre searches anywhere near the track. The
// `f0d45c8` column holds the requests main spent before the planner placed searches beside the
// track (``Baseline``; `-` where not measured).
//
// Run: swift run -c release --package-path Benchmarks CoverageBenchmark [seeds] [fixes] [only]
// where `seeds` is comma-separated (default `12,7,31,58`), and `only` (say
// `dense,walk,google,k20`, or `helsinki|k60` for either) keeps the rows whose city, seed (`s12`),
// motion, provider and K (`k` and the number) hold every comma-separated word of one of its
// `|`-separated alternatives.
//
// With COVERAGE_CANDIDATES=FOLDER (an existing folder), each row's offline-cover candidates are
// written to FOLDER/city-seed-motion-provider-kK.txt; `python3 Benchmarks/cover_bound.py FILE`
// (needs SciPy) then prints a lower bound of any cover from those candidates (the linear
// relaxation) and a cover found by rounding it, which shows how far the greedy count is from the
// best.

/// The repository root: this file is Benchmarks/Sources/CoverageBenchmark/main.swift.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let arguments = CommandLine.arguments.dropFirst()
let seeds = (arguments.first ?? "12,7,31,58").split(separator: ",").compactMap { UInt64($0) }
let fixCount = arguments.dropFirst().first.flatMap(Int.init) ?? 2_400
let only: [[String]] =
  arguments.dropFirst(2).first.map {
    $0.split(separator: "|").map { $0.split(separator: ",").map(String.init) }
  } ?? []
/// Where each row's offline-cover candidates are written, for `Benchmarks/cover_bound.py`.
let candidatesFolder = ProcessInfo.processInfo.environment["COVERAGE_CANDIDATES"].map {
  URL(fileURLWithPath: $0, isDirectory: true)
}
/// The seeds and walk never tuned on.
let heldOutSeeds: Set<UInt64> = [31, 58]
let directory = FileManager.default.temporaryDirectory
  .appendingPathComponent("coverage-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

/// A provider with the K measured and how its searches answer, for the offline cover.
struct ProviderRow {
  var name: PlacesBackend.ProviderName
  var limits: [Int]
  var searches: OfflineCover.Searches
}

/// A walk and the providers measured on it.
struct Walk {
  var city: String
  var seed: String
  var motion: String
  var isHeldOut: Bool
  var track: URL
  var dataset: PlaceDataset
  var providers: [ProviderRow]
}

let google = OfflineCover.Searches.nearestFirst(pageSize: 20, resultLimit: 60)
let placesNew = OfflineCover.Searches.nearestFirst(pageSize: 20, resultLimit: 20)
/// Every K on the dense walks; K = 20 elsewhere.
let everyK: [ProviderRow] = [
  ProviderRow(name: .placesNew, limits: [10, 20, 40, 60], searches: placesNew),
  ProviderRow(name: .googleLegacy, limits: [20, 40, 60], searches: google),
  ProviderRow(name: .overpass, limits: [20], searches: .withinRadius),
]
let mainK: [ProviderRow] = [
  ProviderRow(name: .placesNew, limits: [20], searches: placesNew),
  ProviderRow(name: .googleLegacy, limits: [20, 60], searches: google),
  ProviderRow(name: .overpass, limits: [20], searches: .withinRadius),
]
let motions: [(name: String, speed: Double)] = [
  ("still", 0), ("walk", SyntheticCity.walkingSpeed), ("run", 4), ("drive", 14),
]

var walks: [Walk] = []
for seed in seeds {
  for kind in SyntheticCity.Kind.allCases {
    for motion in motions where kind == .dense || motion.name != "run" {
      let city = SyntheticCity(kind: kind, seed: seed, fixes: fixCount, speed: motion.speed)
      let track = directory.appendingPathComponent("\(kind.rawValue)-\(seed)-\(motion.name).gpx")
      try Data(city.gpx().utf8).write(to: track)
      let dataset = try PlaceDataset.parse(
        Data(city.geoJSON().utf8),
        file: "\(kind.rawValue).geojson"
      )
      walks.append(
        Walk(
          city: kind.rawValue,
          seed: "s\(seed)",
          motion: motion.name,
          isHeldOut: heldOutSeeds.contains(seed),
          track: track,
          dataset: dataset,
          providers: kind == .dense && motion.name == "walk" ? everyK : mainK
        )
      )
    }
  }
}
let helsinki = try PlaceDataset.load(
  contentsOf: root.appendingPathComponent("Resources/demo/helsinki-osm-eateries.geojson")
)
walks.append(
  Walk(
    city: "helsinki",
    seed: "-",
    motion: "walk",
    isHeldOut: false,
    track: root.appendingPathComponent("Resources/demo/helsinki-walk.gpx"),
    dataset: helsinki,
    providers: everyK
  )
)
let heldOutTrack = directory.appendingPathComponent("helsinki-held.gpx")
try Data(HeldOutWalk.gpx(fixes: fixCount).utf8).write(to: heldOutTrack)
walks.append(
  Walk(
    city: "helsinki-held",
    seed: "-",
    motion: "walk",
    isHeldOut: true,
    track: heldOutTrack,
    dataset: helsinki,
    providers: mainK
  )
)

/// `text` padded to `width` columns.
func column(_ text: String, _ width: Int) -> String {
  text.padding(toLength: width, withPad: " ", startingAt: 0)
}

emit("CoverageBenchmark: Places requests per walk, R = 500 m, type restaurant, coverage policy,")
emit("the in-process mock in each provider's wire format, virtual time; * held out")
emit("")
emit(
  column("city", 15) + column("seed", 5) + column("motion", 7) + column("provider", 11)
    + column("K", 4) + column("fixes", 6) + column("requests", 9) + column("fixes/req", 10)
    + column("offline", 8) + column("fixes/req", 10) + column("f0d45c8", 8) + "exact"
)
for walk in walks {
  for provider in walk.providers {
    for limit in provider.limits {
      let row = [walk.city, walk.seed, walk.motion, provider.name.rawValue, "k\(limit)"]
      guard only.isEmpty || only.contains(where: { $0.allSatisfy(row.contains) }) else {
        continue
      }
      let query = PlacesQuery(limit: limit)
      let oracle = Oracle(dataset: walk.dataset, query: query, isOSM: provider.name == .overpass)
      let run = try await CoverageRun.measure(
        track: walk.track,
        dataset: walk.dataset,
        provider: provider.name,
        query: query
      )
      let wrong = run.answers.filter { oracle.answer(at: $0.position) != $0.ids }.count
      let fixes = run.answers.map(\.position)
      let cover = try OfflineCover(fixes: fixes, oracle: oracle, searches: provider.searches)
        .plan(
          candidatesFile: candidatesFolder?.appendingPathComponent(
            row.joined(separator: "-") + ".txt"
          )
        )
      let key = (row + [String(fixes.count)]).joined(separator: " ")
      let baseline = Baseline.requests[key].map(String.init) ?? "-"
      emit(
        column(walk.city + (walk.isHeldOut ? "*" : ""), 15) + column(walk.seed, 5)
          + column(walk.motion, 7) + column(provider.name.rawValue, 11)
          + column(String(limit), 4) + column(String(fixes.count), 6)
          + column(String(run.requests), 9)
          + column(format(Double(fixes.count) / Double(max(run.requests, 1)), 1), 10)
          + column(String(cover.requests), 8)
          + column(format(Double(fixes.count) / Double(max(cover.requests, 1)), 1), 10)
          + column(baseline, 8) + (wrong == 0 ? "yes" : "NO (\(wrong) wrong)")
      )
    }
  }
}
