import Foundation

// MemoryBenchmark: the peak memory of the built `forage` as its input grows, against the bound
// the manual states (docs/files-pipes-signals.md, "Memory"): `forage run` in each output format
// and with `--record`, `forage replay` of those recordings in each format, and
// `replay --until 1000`. The tracks are generated: the bundled Helsinki walk there and back,
// again and again, one fix a second, answered by the in-process mock and the bundled places.
//
// Each row is one child process; its peak is its maximum resident set as GNU time reports it
// (`/usr/bin/time -f %M`, installed by `make test-deps`). A command's growth is its largest
// input's peak less its smallest's. The forage measured is $FORAGE, else the release build
// (`make benchmarks` builds it), else the debug build.
//
// Run: swift run -c release --package-path Benchmarks MemoryBenchmark [fixes ...]

/// The repository root: this file is Benchmarks/Sources/MemoryBenchmark/main.swift.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let walk = root.appendingPathComponent("Resources/demo/helsinki-walk.gpx")
/// The manual's bound on the peak of a run or a replay with the bundled places, in MB.
let boundMB = 128.0
let formats = ["ndjson", "json", "geojson", "table", "html"]

let sizes = CommandLine.arguments.dropFirst().compactMap { Int($0) }.filter { $0 > 0 }
let fixCounts = sizes.isEmpty ? [5_000, 20_000, 50_000] : sizes

/// The forage binary to measure.
func forageBinary() -> String? {
  if let path = ProcessInfo.processInfo.environment["FORAGE"], !path.isEmpty { return path }
  for configuration in ["release", "debug"] {
    let path = root.appendingPathComponent(".build/\(configuration)/forage").path
    if FileManager.default.isExecutableFile(atPath: path) { return path }
  }
  return nil
}

/// Writes a track of `count` fixes one second apart: the walk there and back, again and again.
func writeTrack(_ count: Int, to url: URL) throws {
  let points = try String(contentsOf: walk, encoding: .utf8).split(separator: "\n")
    .filter { $0.contains("<trkpt") }
    .map { line -> (Substring, Substring) in
      let parts = line.split(separator: "\"")
      return (parts[1], parts[3])
    }
  try Data().write(to: url)
  let handle = try FileHandle(forWritingTo: url)
  defer { try? handle.close() }
  var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><trkseg>\n"
  let period = 2 * (points.count - 1)
  for index in 0..<count {
    let phase = index % period
    let (lat, lon) = points[phase < points.count ? phase : period - phase]
    let time = Date(timeIntervalSince1970: Double(1_781_263_800 + index)).formatted(.iso8601)
    text += "<trkpt lat=\"\(lat)\" lon=\"\(lon)\"><time>\(time)</time><hdop>1</hdop></trkpt>\n"
    if text.utf8.count > 1 << 20 {
      try handle.write(contentsOf: Data(text.utf8))
      text = ""
    }
  }
  try handle.write(contentsOf: Data((text + "</trkseg></trk></gpx>\n").utf8))
}

/// Runs forage under GNU time and returns its peak in MB and its wall time in seconds.
func measure(_ forage: String, _ arguments: [String]) throws -> (peakMB: Double, seconds: Double) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
  process.arguments = ["-f", "peak %M", forage] + arguments
  let errors = Pipe()
  process.standardError = errors
  process.standardOutput = FileHandle.nullDevice
  let start = ContinuousClock.now
  try process.run()
  let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  let elapsed = ContinuousClock.now - start
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  guard process.terminationStatus == 0,
    let line = text.split(separator: "\n").last(where: { $0.hasPrefix("peak ") }),
    let kilobytes = Double(line.dropFirst(5))
  else {
    throw BenchmarkError("forage \(arguments.joined(separator: " ")) failed: \(text)")
  }
  return (kilobytes / 1024, seconds)
}

/// A measurement that could not be made.
struct BenchmarkError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

guard let forage = forageBinary() else {
  print("MemoryBenchmark: no forage binary: build it (swift build -c release --product forage)")
  exit(1)
}
guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
  print("MemoryBenchmark: GNU time (/usr/bin/time) is missing: make test-deps installs it")
  exit(1)
}
let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
  "memory-benchmark-\(getpid())"
)
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

print("MemoryBenchmark: \(forage)")
print("peak resident memory (GNU time %M) against the manual's bound of \(Int(boundMB)) MB")
print(
  "command".padding(toLength: 36, withPad: " ", startingAt: 0)
    + "   fixes   input MB    peak MB     wall s  bound"
)
/// Peaks in MB by command, in the order of `fixCounts`.
var peaks: [(command: String, values: [Double])] = []
@MainActor func record(_ command: String, fixes: Int, inputMB: Double, _ figure: (Double, Double)) {
  if let index = peaks.firstIndex(where: { $0.command == command }) {
    peaks[index].values.append(figure.0)
  } else {
    peaks.append((command, [figure.0]))
  }
  print(
    command.padding(toLength: 36, withPad: " ", startingAt: 0)
      + String(format: "%8d %10.1f %10.1f %10.1f  ", fixes, inputMB, figure.0, figure.1)
      + (figure.0 <= boundMB ? "ok" : "OVER")
  )
}

func megabytes(_ url: URL) -> Double {
  let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int ?? 0
  return Double(size) / 1_048_576
}

let output = directory.appendingPathComponent("output")
for fixes in fixCounts {
  let track = directory.appendingPathComponent("walk-\(fixes).gpx")
  let recording = directory.appendingPathComponent("run-\(fixes).recording")
  try writeTrack(fixes, to: track)
  for format in formats {
    let figure = try measure(
      forage,
      ["run", "--track", track.path, "--format", format, "--output", output.path]
    )
    record("run --format \(format)", fixes: fixes, inputMB: megabytes(track), figure)
  }
  let recorded = try measure(
    forage,
    ["run", "--track", track.path, "--record", recording.path, "--output", output.path]
  )
  record("run --record", fixes: fixes, inputMB: megabytes(track), recorded)
  for format in formats {
    let figure = try measure(
      forage,
      ["replay", recording.path, "--format", format, "--output", output.path]
    )
    record("replay --format \(format)", fixes: fixes, inputMB: megabytes(recording), figure)
  }
  let until = try measure(
    forage,
    ["replay", recording.path, "--until", "1000", "--output", output.path]
  )
  record("replay --until 1000", fixes: fixes, inputMB: megabytes(recording), until)
  for file in [track, recording, output] { try? FileManager.default.removeItem(at: file) }
}

print(
  "growth from \(fixCounts.first ?? 0) to \(fixCounts.last ?? 0) fixes (largest input's peak less the smallest's):"
)
for (command, values) in peaks {
  let growth = (values.last ?? 0) - (values.first ?? 0)
  print(
    "  " + command.padding(toLength: 34, withPad: " ", startingAt: 0)
      + String(format: "%+8.1f MB", growth)
  )
}
