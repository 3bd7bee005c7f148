import ForageFinder
import ForageGeodesy
import ForagePlacesData
import ForageSupport
import Foundation
import MockPlaces

// CoverageBenchmark: how many Places requests the finder spends on a walk with each provider and
// K, and how far that is from what a planner knowing the whole track would spend (issues 12, 23).
//
// The walks come from SyntheticCity (the generator mock-places' `synthetic-city` writes), R = 500
// m, type restaurant, 2 400 fixes at 1 Hz:
// - dense: about 840 restaurants within 500 m of the centre; sparse: about 10;
// - still (a receiver standing at the centre, 2 m of GPS noise), walk 1.4 m/s, run 4 m/s,
//   drive 14 m/s along the street grid;
// and the bundled Helsinki walk over the bundled OSM eateries.
// Each provider is served by the in-process mock on 127.0.0.1 in its own wire format, in virtual
// time, with the default coverage policy: google (legacy Nearby Search, rankby=distance, 20 a
// page, at most 60), places-new (Places API (New), DISTANCE, at most 20, one request), overpass
// (every place within the radius asked). Every answer is checked against a brute-force geodesic
// oracle (exact: yes); the offline greedy cover (``OfflineCover``) is the reference. Requests
// count every HTTP request, pages included.
//
// Run: swift run -c release --package-path Benchmarks CoverageBenchmark [seed] [fixes] [only]
// where `only` (say `dense,walk,google,k20`) keeps the rows whose city, motion, provider and K
// (`k` and the number) hold every one of its comma-separated words.

/// The repository root: this file is Benchmarks/Sources/CoverageBenchmark/main.swift.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let arguments = CommandLine.arguments.dropFirst()
let seed = arguments.first.flatMap(UInt64.init) ?? 12
let fixCount = arguments.dropFirst().first.flatMap(Int.init) ?? 2_400
let only = arguments.dropFirst(2).first.map { $0.split(separator: ",").map(String.init) } ?? []
let directory = FileManager.default.temporaryDirectory
  .appendingPathComponent("coverage-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

/// Each provider with the K measured and how its searches answer, for the offline cover.
let providers:
  [(name: PlacesBackend.ProviderName, limits: [Int], searches: OfflineCover.Searches)] =
    [
      (.google, [10, 20, 40, 60], .nearestFirst(pageSize: 20, resultLimit: 60)),
      (.placesNew, [10, 20], .nearestFirst(pageSize: 20, resultLimit: 20)),
      (.overpass, [20], .withinRadius),
    ]
let motions: [(name: String, speed: Double)] = [
  ("still", 0), ("walk", SyntheticCity.walkingSpeed), ("run", 4), ("drive", 14),
]

var walks: [(city: String, motion: String, track: URL, dataset: PlaceDataset)] = []
for kind in SyntheticCity.Kind.allCases {
  for motion in motions {
    let city = SyntheticCity(kind: kind, seed: seed, fixes: fixCount, speed: motion.speed)
    let track = directory.appendingPathComponent("\(kind.rawValue)-\(motion.name).gpx")
    try Data(city.gpx().utf8).write(to: track)
    let dataset = try PlaceDataset.parse(
      Data(city.geoJSON().utf8),
      file: "\(kind.rawValue).geojson"
    )
    walks.append((kind.rawValue, motion.name, track, dataset))
  }
}
walks.append(
  (
    "helsinki", "walk",
    root.appendingPathComponent("Resources/demo/helsinki-walk.gpx"),
    try PlaceDataset.load(
      contentsOf: root.appendingPathComponent("Resources/demo/helsinki-osm-eateries.geojson")
    )
  )
)

/// `text` padded to `width` columns.
func column(_ text: String, _ width: Int) -> String {
  text.padding(toLength: width, withPad: " ", startingAt: 0)
}

emit("CoverageBenchmark: Places requests per walk, R = 500 m, type restaurant, coverage policy,")
emit("the in-process mock in each provider's wire format, virtual time; seed \(seed)")
emit("")
emit(
  column("city", 9) + column("motion", 7) + column("provider", 11) + column("K", 4)
    + column("fixes", 6) + column("requests", 9) + column("fixes/req", 10)
    + column("greedy", 7) + column("fixes/req", 10) + "exact"
)
for walk in walks {
  for provider in providers {
    for limit in provider.limits {
      let row = [walk.city, walk.motion, provider.name.rawValue, "k\(limit)"]
      guard only.allSatisfy({ word in row.contains(word) }) else { continue }
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
      let cover = OfflineCover(fixes: fixes, oracle: oracle, searches: provider.searches).plan()
      emit(
        column(walk.city, 9) + column(walk.motion, 7) + column(provider.name.rawValue, 11)
          + column(String(limit), 4) + column(String(fixes.count), 6)
          + column(String(run.requests), 9)
          + column(format(Double(fixes.count) / Double(max(run.requests, 1)), 1), 10)
          + column(String(cover.requests), 7)
          + column(format(Double(fixes.count) / Double(max(cover.requests, 1)), 1), 10)
          + (wrong == 0 ? "yes" : "NO (\(wrong) wrong)")
      )
    }
  }
}
