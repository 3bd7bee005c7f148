import ForageFinder
import ForageGeodesy
import ForagePlacesData
import ForageSupport
import Foundation
import MockPlaces

// CoverageBenchmark: how many Places requests the finder spends on a walk, and how far that is
// from what a planner knowing the whole track would spend (issue 12, part 3).
//
// Three walks, K = 20 restaurants within R = 500 m, provider google (rankby=distance, 20 results a
// page, at most 60), the in-process mock on 127.0.0.1, virtual time:
// - dense: SyntheticCity .dense (about 840 restaurants within 500 m of the centre), 2 400 fixes;
// - sparse: SyntheticCity .sparse (about 10 within 500 m), 2 400 fixes;
// - Helsinki: the bundled Resources/demo walk over the bundled OSM eateries.
// For each: the policy before searching ahead (coverage-at-fix, the baseline), the default
// coverage policy, both checked exact at every fix against a brute-force geodesic oracle; and the
// offline greedy cover (``OfflineCover``) as the reference. Requests count every HTTP request,
// pages included.
//
// Run: swift run -c release --package-path Benchmarks CoverageBenchmark [seed]

/// The repository root: this file is Benchmarks/Sources/CoverageBenchmark/main.swift.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let seed = CommandLine.arguments.dropFirst().first.flatMap(UInt64.init) ?? 12
let query = PlacesQuery()
let directory = FileManager.default.temporaryDirectory
  .appendingPathComponent("coverage-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

var walks: [(name: String, track: URL, dataset: PlaceDataset)] = []
for kind in SyntheticCity.Kind.allCases {
  let city = SyntheticCity(kind: kind, seed: seed)
  let track = directory.appendingPathComponent("\(kind.rawValue)-walk.gpx")
  try Data(city.gpx().utf8).write(to: track)
  let dataset = try PlaceDataset.parse(Data(city.geoJSON().utf8), file: "\(kind.rawValue).geojson")
  walks.append((kind.rawValue, track, dataset))
}
walks.append(
  (
    "helsinki",
    root.appendingPathComponent("Resources/demo/helsinki-walk.gpx"),
    try PlaceDataset.load(
      contentsOf: root.appendingPathComponent("Resources/demo/helsinki-osm-eateries.geojson")
    )
  )
)

print(
  "CoverageBenchmark: Places requests per walk, K = \(query.limit), R = \(Int(query.radius)) m,"
)
print(
  "type \(query.type ?? "-"), provider google via the in-process mock, virtual time; seed \(seed)"
)
print("")
print("walk      fixes  policy            requests  fixes/request  exact  wall (s)")
for walk in walks {
  let oracle = Oracle(dataset: walk.dataset, query: query)
  var fixes: [Coordinate] = []
  for policy in [QueryPolicy.coverageAtFix, .coverage] {
    let run = try await CoverageRun.measure(
      track: walk.track,
      dataset: walk.dataset,
      policy: policy
    )
    let wrong = run.answers.filter { oracle.answer(at: $0.position) != $0.ids }.count
    print(
      walk.name.padding(toLength: 10, withPad: " ", startingAt: 0)
        + String(run.answers.count).padding(toLength: 7, withPad: " ", startingAt: 0)
        + policy.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0)
        + String(run.requests).padding(toLength: 10, withPad: " ", startingAt: 0)
        + format(Double(run.answers.count) / Double(max(run.requests, 1)), 1)
        .padding(toLength: 15, withPad: " ", startingAt: 0)
        + (wrong == 0 ? "yes" : "NO (\(wrong) wrong)").padding(
          toLength: 7,
          withPad: " ",
          startingAt: 0
        )
        + format(run.wall, 2)
    )
    fixes = run.answers.map(\.position)
  }
  let started = ContinuousClock.now
  let cover = OfflineCover(fixes: fixes, oracle: oracle).plan()
  print(
    walk.name.padding(toLength: 10, withPad: " ", startingAt: 0)
      + String(fixes.count).padding(toLength: 7, withPad: " ", startingAt: 0)
      + "offline greedy".padding(toLength: 18, withPad: " ", startingAt: 0)
      + String(cover.requests).padding(toLength: 10, withPad: " ", startingAt: 0)
      + format(Double(fixes.count) / Double(max(cover.requests, 1)), 1)
      .padding(toLength: 15, withPad: " ", startingAt: 0)
      + "-".padding(toLength: 7, withPad: " ", startingAt: 0)
      + format((ContinuousClock.now - started).seconds, 2)
      + "  (\(cover.searches) searches)"
  )
}
