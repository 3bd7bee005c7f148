import BenchmarkSupport
import ForageFinder
import ForageLogging
import ForagePlaceDataset
import ForagePlacesCache
import ForageSupport
import ForageTracks
import ForageWriters
import Foundation
import Logging
import MockPlaces

// FinderBenchmark: the finder end to end in-process (ForageFinder's Finder assembly, the mock Places
// server on 127.0.0.1 over libcurl, NDJSON serialisation to a null sink), in virtual time.
//
// 1. The bundled hour-long Helsinki walk with the coverage policy and with the every-fix
//    baseline (one query per fix, the classic ReSwift example), in the same run: HTTP requests
//    and wall time, answers checked identical fix by fix.
// 2. Fixes per second for a 100 000-fix generated walk looping inside the dataset's area, so all
//    but the first lap is answered from the coverage cache, with NDJSON to a file: with the
//    byte writer on a thread of its own (the default), with it on the store's thread, and with
//    the String-based writer of before on the store's thread (the baseline), files compared;
//    and the two writers alone on the same events, in MB/s.
// 3. The cost of the logging middleware at its `warning` default (one level check per action):
//    the walk with and without it, interleaved, medians compared (target: within 5 %).
// 4. The places cache file (`--places-cache`): the walk with a fresh file, the same walk again,
//    and an overlapping track (the whole walk over a file that knows its first half), each
//    beside the run without a file: requests and wall time, answers checked identical.
// 5. Peak memory (VmHWM) of this process.
//
// Run: swift run -c release --package-path Benchmarks FinderBenchmark [loop-fixes]
// Profile section 2's loop alone: FinderBenchmark profile 100000

/// The repository root: this file is Benchmarks/Sources/FinderBenchmark/main.swift.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let walk = root.appendingPathComponent("Resources/demo/helsinki-walk.gpx")
let datasetURL = root.appendingPathComponent("Resources/demo/helsinki-osm-eateries.geojson")

/// Reads `/proc/self/status` for a memory figure (`VmHWM`, `VmRSS`) in KiB.
func memoryKilobytes(_ field: String) -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
    return -1
  }
  for line in status.split(separator: "\n") where line.hasPrefix("\(field):") {
    return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
  }
  return -1
}

/// A sink that keeps nothing but a byte count, so serialisation is measured and not disk I/O.
final class NullSink: TextSink {
  private(set) var bytes = 0
  func write(_ text: String) throws { bytes += text.utf8.count }
  /// Counts the bytes as they come, with no `String` made of them (the default would make one).
  func write(utf8 bytes: UnsafeRawBufferPointer) throws { self.bytes += bytes.count }
  func commit() throws {}
}

/// Writes NDJSON to a null sink and remembers each answer's place ids, by fix.
final class AnswerCollector: EventWriter {
  let ndjson: NDJSONWriter
  let sink = NullSink()
  var answers: [Int: [String]] = [:]
  var events = 0

  init() { ndjson = NDJSONWriter(sink: sink) }

  func write(_ event: FinderEvent) throws {
    events += 1
    if case .places(let fixIndex, _, _, _, _, let places) = event.payload {
      answers[fixIndex] = places.map(\.id)
    }
    try ndjson.write(event)
  }

  func finish() throws { try ndjson.finish() }
}

/// One timed run.
struct Measurement {
  var policy: QueryPolicy
  var fixes: Int
  var requests: Int
  var cacheAnswers: Int
  var errors: Int
  var wall: Double
  /// CPU seconds of the whole process (user + system) during the run: on a shared machine,
  /// wall time also counts waiting for a core.
  var cpu: Double
  var answers: [Int: [String]]
  var bytes: Int
}

/// Replays a track in virtual time against a fresh in-process mock, through the default chain
/// and, when given, the logging middleware.
func measure(
  track url: URL,
  policy: QueryPolicy,
  dataset: PlaceDataset,
  logger: Logger? = nil,
  cacheFile: PlacesCacheFile? = nil,
  file: (url: URL, isLegacy: Bool)? = nil,
  writer: (any EventWriter)? = nil,
  writesOnOwnThread: Bool = true
) async throws
  -> Measurement
{
  let backend = try PlacesBackend.mock(serving: dataset)
  let track = try ReplayTrack.prepare(url: url)
  let finder = Finder(
    options: FinderOptions(policy: policy, writesOnOwnThread: writesOnOwnThread),
    middleware: Finder.defaultMiddleware(
      places: .places(
        backend.provider,
        requestCount: { backend.requestCount },
        cacheFile: cacheFile,
        api: "mock"
      ),
      logging: logger.map(FinderMiddleware.logging)
    )
  )
  let collector = AnswerCollector()
  let fileWriter = try file.map {
    FileRunWriter(sink: try AtomicFileSink(destination: $0.url), isLegacy: $0.isLegacy)
  }
  let started = ContinuousClock.now
  let cpuStarted = processCPUSeconds()
  let outcome = try await finder.run(track: track, writer: writer ?? fileWriter ?? collector)
  let wall = (ContinuousClock.now - started).seconds
  let cpu = processCPUSeconds() - cpuStarted
  let fileBytes = try file.map {
    try FileManager.default.attributesOfItem(atPath: $0.url.path)[.size] as? Int ?? 0
  }
  if let failure = outcome.fatalFailure { throw BenchmarkError(failure.message) }
  return Measurement(
    policy: policy,
    fixes: outcome.summary.fixesUsed,
    requests: outcome.summary.requests,
    cacheAnswers: outcome.summary.cacheAnswers,
    errors: outcome.summary.errors,
    wall: wall,
    cpu: cpu,
    answers: collector.answers,
    bytes: fileBytes ?? collector.sink.bytes
  )
}

/// Writes a 1 Hz walk of `fixes` points going round a 350 m circle in central Helsinki (inside
/// the dataset's area) at 1.4 m/s: the first lap fills the cache, the rest is answered from it.
func writeLoopWalk(_ url: URL, fixes: Int) throws {
  let centre = (latitude: 60.1705, longitude: 24.9430)
  let radius = 350.0
  let metresPerDegreeLatitude = 111_320.0
  let metresPerDegreeLongitude = metresPerDegreeLatitude * cos(centre.latitude * .pi / 180)
  let start = Date(timeIntervalSince1970: 1_781_263_800)
  let formatter = ISO8601DateFormatter()
  var text = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="FinderBenchmark" xmlns="http://www.topografix.com/GPX/1/1">
    <trk><trkseg>\n
    """
  text.reserveCapacity(fixes * 100)
  for index in 0..<fixes {
    let angle = Double(index) * 1.4 / radius
    let latitude = centre.latitude + radius * sin(angle) / metresPerDegreeLatitude
    let longitude = centre.longitude + radius * cos(angle) / metresPerDegreeLongitude
    let time = formatter.string(from: start.addingTimeInterval(Double(index)))
    text += "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\"><time>\(time)</time></trkpt>\n"
  }
  text += "</trkseg></trk></gpx>\n"
  try Data(text.utf8).write(to: url)
}

struct BenchmarkError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

func format(_ value: Double, _ digits: Int = 2) -> String {
  String(format: "%.\(digits)f", value)
}

let loopFixes = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 100_000
let dataset = try PlaceDataset.load(contentsOf: datasetURL)
print("FinderBenchmark: forage's finder in-process, virtual time, mock Places server on 127.0.0.1")
print(
  "dataset: \(datasetURL.lastPathComponent), \(dataset.places.count) places; K = 20, R = 500 m,"
)
print("type restaurant, provider google (rankby=distance)")
print("")

// `FinderBenchmark profile N`: only section 2's loop of N fixes, byte writer on the store's
// thread, to a null sink, printing nothing but its rate: for a profiler (`perf record`).
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "profile",
  let fixes = Int(CommandLine.arguments[2])
{
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "finder-profile-\(getpid())",
    isDirectory: true
  )
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let url = directory.appendingPathComponent("loop.gpx")
  try writeLoopWalk(url, fixes: fixes)
  let run = try await measure(
    track: url,
    policy: .coverage,
    dataset: dataset,
    writesOnOwnThread: false
  )
  print("\(format(Double(run.fixes) / run.wall, 0)) fixes/s")
  exit(0)
}

// Warm-up: the first libcurl and GEOS use pays one-off costs that are not the finder's.
_ = try await measure(track: walk, policy: .coverage, dataset: dataset)

let coverage = try await measure(track: walk, policy: .coverage, dataset: dataset)
let everyFix = try await measure(track: walk, policy: .everyFix, dataset: dataset)
let identical = coverage.answers == everyFix.answers && coverage.answers.count == coverage.fixes
let differing = Set(coverage.answers.keys).union(everyFix.answers.keys).filter {
  coverage.answers[$0] != everyFix.answers[$0]
}.count
print("1. Helsinki walk (\(walk.lastPathComponent)): \(coverage.fixes) fixes at 1 Hz (65 min)")
print("   policy      requests  cache answers  errors  wall (s)  fixes/s    NDJSON bytes")
for measurement in [coverage, everyFix] {
  print(
    "   "
      + (measurement.policy == .coverage ? "coverage " : "every-fix")
      + "   \(String(measurement.requests).padding(toLength: 8, withPad: " ", startingAt: 0))"
      + "  \(String(measurement.cacheAnswers).padding(toLength: 13, withPad: " ", startingAt: 0))"
      + "  \(String(measurement.errors).padding(toLength: 6, withPad: " ", startingAt: 0))"
      + "  \(format(measurement.wall, 3).padding(toLength: 8, withPad: " ", startingAt: 0))"
      + "  \(format(Double(measurement.fixes) / measurement.wall, 0).padding(toLength: 9, withPad: " ", startingAt: 0))"
      + "  \(measurement.bytes)"
  )
}
let ratio = Double(everyFix.requests) / Double(max(coverage.requests, 1))
print(
  "   answers identical fix by fix: \(identical ? "yes" : "NO (\(differing) fixes differ)")"
    + " (\(coverage.answers.count) answers each)"
)
print(
  "   requests: \(format(ratio, 1))x fewer with coverage (target >= 20x: "
    + "\(ratio >= 20 ? "met" : "MISSED"))"
)
print(
  "   whole walk with coverage in \(format(coverage.wall, 3)) s of wall time (target < 2 s: "
    + "\(coverage.wall < 2 ? "met" : "MISSED")); every-fix took "
    + "\(format(everyFix.wall / coverage.wall, 1))x as long"
)
print("")

let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
  "finder-benchmark-\(getpid())",
  isDirectory: true
)
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let loopURL = directory.appendingPathComponent("loop.gpx")
try writeLoopWalk(loopURL, fixes: loopFixes)
// The loop end to end with NDJSON to a file, in the same run: the String-based writer of before
// issue 12 writing on the store's thread (the baseline), today's byte writer on the store's
// thread, and today's byte writer on a thread of its own (the default); the files must be
// identical.
let loopFile = directory.appendingPathComponent("loop.ndjson")
let legacyFile = directory.appendingPathComponent("loop-legacy.ndjson")
let legacyLoop = try await measure(
  track: loopURL,
  policy: .coverage,
  dataset: dataset,
  file: (legacyFile, true),
  writesOnOwnThread: false
)
let inlineFile = directory.appendingPathComponent("loop-inline.ndjson")
let inlineLoop = try await measure(
  track: loopURL,
  policy: .coverage,
  dataset: dataset,
  file: (inlineFile, false),
  writesOnOwnThread: false
)
let loop = try await measure(
  track: loopURL,
  policy: .coverage,
  dataset: dataset,
  file: (loopFile, false)
)
let loopFilesIdentical =
  try filesIdentical(loopFile, legacyFile) && filesIdentical(inlineFile, legacyFile)
try? FileManager.default.removeItem(at: inlineFile)
try? FileManager.default.removeItem(at: legacyFile)
try? FileManager.default.removeItem(at: loopFile)
let lap = Int((2 * Double.pi * 350 / 1.4).rounded())
print("2. Generated loop walk: \(loop.fixes) fixes, a 350 m circle (\(lap) fixes a lap)")
print(
  "   \(loop.requests) requests, \(loop.cacheAnswers) answers from cache "
    + "(\(format(100 * Double(loop.cacheAnswers) / Double(max(loop.fixes, 1)), 2)) %)"
)
print(
  "   end to end, NDJSON to a file (store, location machine, coverage test, K-nearest, output):"
)
for (name, run) in [
  ("String writer, inline (baseline)", legacyLoop), ("byte writer, inline", inlineLoop),
  ("byte writer, own thread", loop),
] {
  print(
    "   \(name.padding(toLength: 32, withPad: " ", startingAt: 0))  \(format(run.wall, 3)) s  "
      + "\(format(Double(run.fixes) / run.wall, 0)) fixes/s (CPU \(format(run.cpu, 3)) s: "
      + "\(format(Double(run.fixes) / run.cpu, 0)) fixes per CPU second)  "
      + "\(format(Double(run.bytes) / 1_048_576, 1)) MiB at "
      + "\(format(Double(run.bytes) / run.wall / 1e6, 1)) MB/s"
  )
}
let loopRate = Double(loop.fixes) / loop.wall
print(
  "   \(format(legacyLoop.wall / loop.wall, 1))x the baseline; files byte-identical: "
    + "\(loopFilesIdentical ? "yes" : "NO") (target >= 30000 fixes/s: "
    + "\(loopRate >= 30_000 ? "met" : "MISSED"))"
)
let writerOnly = try await measureWriters(track: loopURL, dataset: dataset, events: 20_000)
print(
  "   output writing alone (\(writerOnly.events) events of the loop, "
    + "\(format(Double(writerOnly.bytes) / 1_048_576, 1)) MiB, to memory): "
    + "String writer \(format(writerOnly.legacyRate, 0)) MB/s, byte writer "
    + "\(format(writerOnly.rate, 0)) MB/s (target >= 200 MB/s: "
    + "\(writerOnly.rate >= 200 ? "met" : "MISSED"))"
)
print("")

// The logging middleware at `warning` writes nothing; what it costs is a level check per action.
var warningLogger = Logger(label: "forage") { StreamLogHandler.standardError(label: $0) }
warningLogger.logLevel = .warning
var without: [Double] = []
var withLogging: [Double] = []
let rounds = 7
// Which goes first alternates from round to round, so neither side always runs on a warmer
// (or a more fragmented) process.
for round in 0..<rounds {
  for withLogger in round % 2 == 0 ? [false, true] : [true, false] {
    let wall =
      try await measure(
        track: walk,
        policy: .coverage,
        dataset: dataset,
        logger: withLogger ? warningLogger : nil
      ).wall
    if withLogger { withLogging.append(wall) } else { without.append(wall) }
  }
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let loggingCost = 100 * (median(withLogging) / median(without) - 1)
print("3. Logging middleware at --log-level warning, the walk \(rounds) times each, interleaved")
print(
  "   median wall: \(format(median(without), 3)) s without, \(format(median(withLogging), 3)) s "
    + "with: \(loggingCost >= 0 ? "+" : "")\(format(loggingCost, 1)) % (target <= 5 %: "
    + "\(loggingCost <= 5 ? "met" : "MISSED"))"
)
print("")

// The places cache file: fresh, again, and an overlapping track.
let halfURL = directory.appendingPathComponent("first-half.gpx")
do {
  let lines = try String(contentsOf: walk, encoding: .utf8).split(
    separator: "\n",
    omittingEmptySubsequences: false
  )
  let points = lines.indices.filter { lines[$0].contains("<trkpt") }
  let kept = lines[..<points[points.count / 2]].joined(separator: "\n")
  try Data((kept + "\n</trkseg></trk>\n</gpx>\n").utf8).write(to: halfURL)
}
func cacheFile(_ name: String) throws -> PlacesCacheFile {
  try PlacesCacheFile(url: directory.appendingPathComponent(name))
}
let plainWalk = try await measure(track: walk, policy: .coverage, dataset: dataset)
let shared = try cacheFile("walk.sqlite")
let fresh = try await measure(track: walk, policy: .coverage, dataset: dataset, cacheFile: shared)
let again = try await measure(
  track: walk,
  policy: .coverage,
  dataset: dataset,
  cacheFile: try cacheFile("walk.sqlite")
)
let halfFile = try cacheFile("half.sqlite")
let half = try await measure(
  track: halfURL,
  policy: .coverage,
  dataset: dataset,
  cacheFile: halfFile
)
let overlap = try await measure(
  track: walk,
  policy: .coverage,
  dataset: dataset,
  cacheFile: try cacheFile("half.sqlite")
)
let cacheIdentical = [fresh, again, overlap].allSatisfy { $0.answers == plainWalk.answers }
print("4. Places cache file (--places-cache), the walk; baseline: the walk without a file")
print("   run                                   requests  wall (s)")
for (name, measurement) in [
  ("without a file (baseline)", plainWalk), ("fresh file", fresh), ("same walk again", again),
  ("first half only, fresh file", half), ("whole walk over the half's file", overlap),
] {
  print(
    "   \(name.padding(toLength: 36, withPad: " ", startingAt: 0))  "
      + "\(String(measurement.requests).padding(toLength: 8, withPad: " ", startingAt: 0))  "
      + format(measurement.wall, 3)
  )
}
let cacheMet = again.requests == 0 && overlap.requests <= plainWalk.requests - half.requests + 2
print(
  "   answers identical to the baseline: \(cacheIdentical ? "yes" : "NO"); again makes 0 requests "
    + "and the overlap only the new area's (target: \(cacheMet ? "met" : "MISSED"))"
)
print("")
print(
  "5. Peak memory (VmHWM) of this process after all runs: "
    + "\(format(Double(memoryKilobytes("VmHWM")) / 1024, 1)) MiB "
    + "(VmRSS now \(format(Double(memoryKilobytes("VmRSS")) / 1024, 1)) MiB)"
)
if !identical || ratio < 20 || coverage.wall >= 2 || loggingCost > 5 || !cacheIdentical
  || !cacheMet || !loopFilesIdentical || loopRate < 30_000 || writerOnly.rate < 200
{
  print("")
  print("FinderBenchmark: a target was missed")
}
