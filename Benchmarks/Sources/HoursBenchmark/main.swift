import BenchmarkSupport
import ForageFinder
import ForageHours
import ForagePlaceDataset
import ForagePlaceModel
import ForageSupport
import Foundation

// HoursBenchmark: what opening hours cost.
//
// 1. The evaluator alone: every opening_hours value of the bundled Helsinki places that parses,
//    each at the same instants (every 7 minutes of two weeks, in Europe/Helsinki): nanoseconds
//    an evaluation, against the baseline of what every evaluation must do anyway (the instant's
//    local date and time from Foundation's Calendar).
// 2. The finder on the whole bundled walk against the in-process mock speaking Overpass, every
//    answered place judged (`open_at_fix`), with and without --open, against the same run
//    before hours existed: every place judged without a zone, which decides nothing but `24/7`
//    (the baseline). Interleaved rounds; medians.
//
// Run: swift run -c release --package-path Benchmarks HoursBenchmark [rounds]

/// The repository root: this file is Benchmarks/Sources/HoursBenchmark/main.swift.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let walk = root.appendingPathComponent("Resources/demo/helsinki-walk.gpx")
let datasetURL = root.appendingPathComponent("Resources/demo/helsinki-osm-eateries.geojson")
let rounds = CommandLine.arguments.dropFirst().compactMap { Int($0) }.first ?? 5

/// Takes every event and keeps nothing.
final class NullWriter: EventWriter {
  func write(_ event: FinderEvent) {}
  func finish() {}
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

let dataset = try PlaceDataset.load(contentsOf: datasetURL)
let helsinki = TimeZone(identifier: "Europe/Helsinki")!
var hours: [OpeningHours] = []
for place in dataset.places {
  if case .openStreetMap(let text) = place.openingHours, let parsed = try? OpeningHours(text) {
    hours.append(parsed)
  }
}
// Friday 2026-06-12 00:00 UTC, every 7 minutes for two weeks.
let instants = (0..<(14 * 24 * 60 / 7)).map {
  Date(timeIntervalSince1970: 1_781_222_400 + Double($0) * 420)
}
var calendar = Calendar(identifier: .gregorian)
calendar.timeZone = helsinki

print("1. The evaluator: \(hours.count) values × \(instants.count) instants")
var evaluatorTimes: [Double] = []
var baselineTimes: [Double] = []
var open = 0
var minutes = 0
for _ in 0..<rounds {
  var started = ContinuousClock.now
  for value in hours {
    for instant in instants where value.state(at: instant, in: helsinki) == true { open += 1 }
  }
  evaluatorTimes.append((ContinuousClock.now - started).seconds)
  started = ContinuousClock.now
  for _ in hours {
    for instant in instants {
      minutes += calendar.dateComponents([.weekday, .hour, .minute], from: instant).minute ?? 0
    }
  }
  baselineTimes.append((ContinuousClock.now - started).seconds)
}
let evaluations = Double(hours.count * instants.count)
print(
  String(
    format: "  evaluator: %.0f ns an evaluation (%d open)",
    median(evaluatorTimes) / evaluations * 1e9,
    open / rounds
  )
)
print(
  String(
    format: "  baseline, local date and time alone: %.0f ns (%d)",
    median(baselineTimes) / evaluations * 1e9,
    minutes / rounds % 10
  )
)

/// One run of the whole walk, returning its wall time in seconds.
func run(query: PlacesQuery, zone: TimeZone?) async throws -> Double {
  let backend = try PlacesBackend.mock(serving: dataset, as: .overpass)
  var finder = Finder(
    options: FinderOptions(query: query),
    middleware: Finder.defaultMiddleware(
      places: .places(backend, hours: HoursJudge(timeZone: zone))
    )
  )
  let source = try ReplayTrack.prepare(url: walk).fixSource
  let started = ContinuousClock.now
  _ = try await finder.run(source: source, writer: NullWriter())
  return (ContinuousClock.now - started).seconds
}

print("2. The finder on the walk (3 900 fixes, Overpass mock, K = 20, R = 500 m), \(rounds) rounds")
var baseline: [Double] = []
var judged: [Double] = []
var openOnly: [Double] = []
for _ in 0..<rounds {
  baseline.append(try await run(query: PlacesQuery(), zone: nil))
  judged.append(try await run(query: PlacesQuery(), zone: helsinki))
  openOnly.append(try await run(query: PlacesQuery(isOpenOnly: true), zone: helsinki))
}
let base = median(baseline)
print(String(format: "  baseline, no zone (decides 24/7 only): %.3f s wall", base))
for (name, times) in [("open_at_fix in Europe/Helsinki", judged), ("--open", openOnly)] {
  let time = median(times)
  print(String(format: "  %@: %.3f s wall (%+.1f %%)", name, time, (time / base - 1) * 100))
}
