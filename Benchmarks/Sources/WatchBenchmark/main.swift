import BenchmarkSupport
import ForageFinder
import ForageLocation
import ForagePlaceDataset
import ForageSupport
import ForageWatch
import Foundation

// WatchBenchmark: what `forage watch`'s live view costs the replay it watches.
//
// The finder runs in-process against the mock Places server on 127.0.0.1, each run beside the
// same run with the watch view subscribed to the store and drawing every
// WatchView.frameInterval (to /dev/null: the frames are made and written, no terminal waits),
// interleaved, medians compared in the same run:
//
// 1. The first fixes of the bundled Helsinki walk paced at --speed 100 (what `forage watch
//    --speed 100` does): wall time, which drawing must not stretch by more than a few percent
//    (target: within 5 %), and CPU time.
// 2. The whole walk in virtual time (as fast as the machine allows): the subscriber's cost per
//    action when nothing waits, as wall time.
//
// Run: swift run -c release --package-path Benchmarks WatchBenchmark [paced-fixes] [rounds]

/// The repository root: this file is Benchmarks/Sources/WatchBenchmark/main.swift.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let walk = root.appendingPathComponent("Resources/demo/helsinki-walk.gpx")
let datasetURL = root.appendingPathComponent("Resources/demo/helsinki-osm-eateries.geojson")

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let pacedFixes = arguments.first ?? 300
let rounds = arguments.dropFirst().first ?? 3

/// Takes every event and keeps nothing.
final class NullWriter: EventWriter {
  func write(_ event: FinderEvent) {}
  func finish() {}
}

/// One run's figures.
struct Measurement {
  var wall: Double
  var cpu: Double
  var frames: Int
}

/// The first `count` readings of `track`.
func prefix(of track: ReplayTrack, _ count: Int) -> FixSource {
  FixSource(expectedCount: min(count, track.fixSource.expectedCount ?? count)) {
    let next = try track.fixSource.makeReadings()
    var taken = 0
    return {
      taken += 1
      return taken > count ? nil : try await next()
    }
  }
}

/// Replays `source`, with the watch view drawing or without it.
func measure(
  _ source: FixSource,
  pacing: Pacing,
  dataset: PlaceDataset,
  watching: Bool
)
  async throws -> Measurement
{
  let backend = try PlacesBackend.mock(serving: dataset)
  var finder = Finder(
    options: FinderOptions(pacing: pacing),
    middleware: Finder.defaultMiddleware(places: .places(backend))
  )
  let devNull = open("/dev/null", O_WRONLY)
  defer { close(devNull) }
  let view = WatchView(terminal: TerminalScreen(output: devNull, input: devNull), usesColour: true)
  let screen = WatchScreen(subject: "track walk", pace: "×100", requests: 0, isSteerable: true)
  let frames = Counter()
  if watching { finder.subscribers = [{ view.subscribe(to: $0) }] }
  let drawing = Task {
    while watching && !Task.isCancelled {
      view.draw(screen)
      frames.increment()
      try? await Task.sleep(for: WatchView.frameInterval)
    }
  }
  let started = ContinuousClock.now
  let cpuStarted = processCPUSeconds()
  _ = try await finder.run(source: source, writer: NullWriter())
  let wall = (ContinuousClock.now - started).seconds
  let cpu = processCPUSeconds() - cpuStarted
  drawing.cancel()
  return Measurement(wall: wall, cpu: cpu, frames: frames.value)
}

/// A count shared with the drawing task.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

/// Runs both ways `rounds` times, interleaved, and prints the medians side by side.
func compare(
  _ title: String,
  _ source: () throws -> FixSource,
  pacing: Pacing,
  dataset: PlaceDataset
)
  async throws -> Double
{
  var without: [Measurement] = []
  var with: [Measurement] = []
  for _ in 0..<rounds {
    without.append(try await measure(source(), pacing: pacing, dataset: dataset, watching: false))
    with.append(try await measure(source(), pacing: pacing, dataset: dataset, watching: true))
  }
  let baseWall = median(without.map(\.wall))
  let viewWall = median(with.map(\.wall))
  let slowdown = (viewWall / baseWall - 1) * 100
  print(title)
  print(
    String(
      format: "  without the view (baseline): %.3f s wall, %.3f s CPU",
      baseWall,
      median(without.map(\.cpu))
    )
  )
  print(
    String(
      format: "  with the view drawing:       %.3f s wall, %.3f s CPU, %d frames",
      viewWall,
      median(with.map(\.cpu)),
      with.map(\.frames).max() ?? 0
    )
  )
  print(String(format: "  slowdown: %+.2f %% wall (medians of %d runs each)", slowdown, rounds))
  return slowdown
}

let dataset = try PlaceDataset.load(contentsOf: datasetURL)
let track = try ReplayTrack.prepare(url: walk)
print("WatchBenchmark: the live view's cost to the replay it watches")
let paced = try await compare(
  "1. the walk's first \(pacedFixes) fixes at --speed 100:",
  { prefix(of: track, pacedFixes) },
  pacing: .speed(100),
  dataset: dataset
)
_ = try await compare(
  "2. the whole walk in virtual time:",
  { try ReplayTrack.prepare(url: walk).fixSource },
  pacing: .virtual,
  dataset: dataset
)
print(paced < 5 ? "paced slowdown within 5 %: yes" : "paced slowdown within 5 %: NO")
