import BenchmarkSupport
import ForageFinder
import ForageGeodesy
import ForagePlaceDataset
import ForageSyntheticCity
import ForageTestSupport
import Foundation

// FleetBenchmark: 16 receivers on one SyntheticCity's streets (issue 38), measured three ways:
// 1. separate: each receiver its own process with its own coverage cache, all 16 at once;
// 2. shared: one process, the 16 receivers at once sharing one SharedCoverageCache (what
//    `forage run --track … --track …` does);
// 3. postgres: four processes of four receivers each (each process sharing one cache among its
//    own), all keeping their searches in one PostgreSQL places cache and hearing of the others'
//    searches while they run (what four `forage run --track … --places-cache postgres://…` do),
//    replayed 30 times faster than real time (``postgresSpeed``), not in virtual time.
//    `FLEET_POSTGRES_URL` names the database (it should start empty); without it the benchmark
//    starts a throwaway cluster of its own (`PostgresCluster`, with PostgreSQL's default
//    durability, removed at the end), and where PostgreSQL is not installed the row says "not
//    run" (`make test-deps` installs it).
//
// The city is SyntheticCity's dense one (about 840 restaurants within 500 m of the centre); the
// receivers are 12 buses on three loop lines (four a line, each from another stop) and 4
// couriers that turn off at random crossings (``FleetRoutes``), 1 fix a second. R = 500 m,
// K = 20, type restaurant, Google's legacy Nearby Search served by the in-process mock in
// virtual time, coverage policy. Every answer is checked against the brute-force oracle.
//
// For each: the requests, fixes a second (all the fleet's fixes over the wall time from starting
// the mode's processes to the last one's end, on a ContinuousClock), and peak memory (each
// process's own getrusage ru_maxrss: the largest, and for separate runs their sum).
//
// Held out: seeds 31 and 58 were never tuned on (rows marked `*`); the routes were drawn with
// seeds 12 and 7.
//
// Run: swift run -c release --package-path Benchmarks FleetBenchmark
// [seeds] [fixes] (default `12,7,31,58` and 900 fixes a receiver).

let arguments = Array(CommandLine.arguments.dropFirst())
let receiverCount = 16

/// Processes in mode 3, each with an equal share of the receivers.
let postgresProcesses = 4
/// How much faster than real time mode 3 replays its tracks. In virtual time a process would
/// replay its whole track before another's searches reached it; a vehicle reports once a
/// second, so a fleet hears of a search within a small part of a fix. At 30 times, a fix
/// comes every 33 ms, still far longer than a notification takes.
let postgresSpeed = 30.0
/// The database mode 3 shares, as given, or `nil` when none is.
let givenURL = ProcessInfo.processInfo.environment["FLEET_POSTGRES_URL"].flatMap {
  $0.isEmpty ? nil : $0
}

if arguments.first == "--child" {
  // One process of a mode: `--child shared SEED FIXES`, `--child one SEED FIXES INDEX` or
  // `--child postgres SEED FIXES PART` (the part-th quarter of the receivers).
  let seed = UInt64(arguments[2])!
  let fixes = Int(arguments[3])!
  let indices: [Int]
  switch arguments[1] {
  case "shared": indices = Array(0..<receiverCount)
  case "postgres":
    let share = receiverCount / postgresProcesses
    let part = Int(arguments[4])!
    indices = Array((part * share)..<((part + 1) * share))
  default: indices = [Int(arguments[4])!]
  }
  let figures = try await FleetChild.run(
    receivers: indices,
    seed: seed,
    fixes: fixes,
    database: arguments[1] == "postgres" ? givenURL : nil,
    pacing: arguments[1] == "postgres" ? .speed(postgresSpeed) : .virtual
  )
  print(figures.line)
  exit(0)
}

let seeds = (arguments.first ?? "12,7,31,58").split(separator: ",").compactMap { UInt64($0) }
let fixes = arguments.dropFirst().first.flatMap(Int.init) ?? 900
let heldOut: Set<UInt64> = [31, 58]

// Mode 3's database: the one given, or a throwaway cluster's, which the children are told of.
var cluster: PostgresCluster? = nil
var postgresURL = givenURL
var notRun = "no PostgreSQL"
if postgresURL == nil {
  do {
    let started = try await PostgresCluster.start(durable: true)
    cluster = started
    postgresURL = started.url
    setenv("FLEET_POSTGRES_URL", started.url, 1)
  } catch {
    notRun = "no PostgreSQL server: \(error)"
  }
}

print(
  "FleetBenchmark: \(receiverCount) receivers, \(fixes) fixes each, dense SyntheticCity, "
    + "R 500 m, K 20"
)
print(
  "seed  mode       processes  requests  shared/separate  fixes/s  peak MB (largest, sum)  exact"
)
for seed in seeds {
  let mark = heldOut.contains(seed) ? "*" : " "
  let separate = try FleetChild.spawn(
    (0..<receiverCount).map { ["one", "\(seed)", "\(fixes)", "\($0)"] }
  )
  let shared = try FleetChild.spawn([["shared", "\(seed)", "\(fixes)"]])
  var rows = [("separate", separate), ("shared", shared)]
  if postgresURL != nil {
    rows.append(
      (
        "postgres",
        try FleetChild.spawn(
          (0..<postgresProcesses).map { ["postgres", "\(seed)", "\(fixes)", "\($0)"] }
        )
      )
    )
  }
  for (name, row) in rows {
    let cells = [
      "\(seed)\(mark)", name, "\(row.processes)", "\(row.requests)",
      String(format: "%.3f", Double(row.requests) / Double(separate.requests)),
      String(format: "%.0f", Double(row.fixes) / row.wall),
      String(format: "%.1f, %.1f", row.peakMB, row.totalMB),
      "\(row.exact == row.checked ? "yes" : "NO") (\(row.exact)/\(row.checked))",
    ]
    print(
      zip(cells, [6, 11, 11, 10, 17, 9, 24, 0]).map { cell, width in
        cell.padding(toLength: max(width, cell.count), withPad: " ", startingAt: 0)
      }.joined()
    )
  }
  if postgresURL == nil {
    print(
      "\(seed)\(mark)".padding(toLength: 6, withPad: " ", startingAt: 0)
        + "postgres   not run: \(notRun)"
    )
  }
}
await cluster?.remove()
