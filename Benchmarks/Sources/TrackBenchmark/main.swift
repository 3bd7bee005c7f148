import ForageSupport
import ForageTracks
import Foundation

// TrackBenchmark: the streaming GPX and NMEA readers on generated files of 1 000 000 points and
// 1 000 000 sentences: fixes/s, MB/s and peak memory (VmHWM of a child process that does nothing
// but read), against Python's gpxpy parsing the same GPX in the same run.
//
// Run: swift run -c release --package-path Benchmarks TrackBenchmark [points]

/// Reads `/proc/self/status` for the peak resident set (VmHWM) in KiB.
func peakResidentKilobytes() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
    return -1
  }
  for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
  }
  return -1
}

/// Child mode: read one file and print `fixes defects seconds peakKiB`.
func readInChild(format: TrackFormat, path: String) throws {
  let start = ContinuousClock.now
  let reader = try TrackReader.open(url: URL(fileURLWithPath: path), format: format)
  var fixes = 0
  var defects = 0
  var checksum = 0.0
  while let event = try reader.next() {
    switch event {
    case .fix(let fix):
      fixes += 1
      checksum += fix.latitude
    case .defect: defects += 1
    }
  }
  let elapsed = ContinuousClock.now - start
  let seconds = elapsed.seconds
  print(fixes, defects, seconds, peakResidentKilobytes(), checksum)
}

/// Appends a zero-padded number.
func pad(_ value: Int, _ width: Int, into text: inout String) {
  let digits = String(value)
  if digits.count < width { text += String(repeating: "0", count: width - digits.count) }
  text += digits
}

/// Writes a GPX 1.1 track of `points` points (about 100 bytes each) with elevation and time.
func writeGPX(_ url: URL, points: Int) throws {
  guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
    throw CocoaError(.fileWriteUnknown)
  }
  let handle = try FileHandle(forWritingTo: url)
  handle.write(
    Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="TrackBenchmark" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><name>generated</name><trkseg>\n
      """.utf8
    )
  )
  var block = ""
  block.reserveCapacity(1 << 21)
  for index in 0..<points {
    let seconds = index % 86_400
    block +=
      "  <trkpt lat=\"\(60 + Double(index % 100_000) * 1e-6)\" lon=\"\(24.5 + Double(index % 7_000) * 1e-6)\">"
    block += "<ele>\(Double(index % 500) / 10)</ele><time>2020-01-"
    pad(1 + index / 86_400 % 28, 2, into: &block)
    block += "T"
    pad(seconds / 3600, 2, into: &block)
    block += ":"
    pad(seconds / 60 % 60, 2, into: &block)
    block += ":"
    pad(seconds % 60, 2, into: &block)
    block += "Z</time></trkpt>\n"
    if block.utf8.count > 1 << 20 {
      handle.write(Data(block.utf8))
      block.removeAll(keepingCapacity: true)
    }
  }
  handle.write(Data((block + "</trkseg></trk>\n</gpx>\n").utf8))
  try handle.close()
}

/// Writes `sentences` NMEA sentences: alternating GGA and RMC of the same second.
func writeNMEA(_ url: URL, sentences: Int) throws {
  guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
    throw CocoaError(.fileWriteUnknown)
  }
  let handle = try FileHandle(forWritingTo: url)
  var block = ""
  block.reserveCapacity(1 << 21)
  func sentence(_ body: String) {
    var checksum: UInt8 = 0
    for byte in body.utf8 { checksum ^= byte }
    let hex = String(checksum, radix: 16, uppercase: true)
    block += "$" + body + "*" + (hex.count == 1 ? "0" + hex : hex) + "\r\n"
  }
  for epoch in 0..<(sentences / 2) {
    let seconds = epoch % 86_400
    var time = ""
    pad(seconds / 3600, 2, into: &time)
    pad(seconds / 60 % 60, 2, into: &time)
    pad(seconds % 60, 2, into: &time)
    time += ".00"
    var date = ""
    pad(1 + epoch / 86_400 % 28, 2, into: &date)
    date += "0120"
    var minutes = ""
    pad(epoch % 60_000 / 1000, 2, into: &minutes)
    minutes += "."
    pad(epoch % 1000, 3, into: &minutes)
    sentence("GNGGA,\(time),60\(minutes)00,N,02430.00000,E,1,12,0.9,12.5,M,18.0,M,,")
    sentence("GNRMC,\(time),A,60\(minutes)00,N,02430.00000,E,0.500,90.0,\(date),,,A")
    if block.utf8.count > 1 << 20 {
      handle.write(Data(block.utf8))
      block.removeAll(keepingCapacity: true)
    }
  }
  handle.write(Data(block.utf8))
  try handle.close()
}

/// Runs a command and returns its standard output and the wall time it took.
func run(
  _ executable: String,
  _ arguments: [String]
) throws -> (output: String, status: Int32, seconds: Double) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  let start = ContinuousClock.now
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let elapsed = ContinuousClock.now - start
  let seconds = elapsed.seconds
  return (String(decoding: data, as: UTF8.self), process.terminationStatus, seconds)
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "--read", let format = TrackFormat(rawValue: arguments[2])
{
  try readInChild(format: format, path: arguments[3])
  exit(0)
}

let count = arguments.count > 1 ? Int(arguments[1]) ?? 1_000_000 : 1_000_000
let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
  "track-benchmark-\(getpid())"
)
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let gpxURL = directory.appendingPathComponent("generated.gpx")
let nmeaURL = directory.appendingPathComponent("generated.nmea")
print(
  "TrackBenchmark: generating \(count) GPX points and \(count) NMEA sentences in \(directory.path)"
)
try writeGPX(gpxURL, points: count)
try writeNMEA(nmeaURL, sentences: count)
let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path

var gpxSeconds = 0.0
for (format, url) in [(TrackFormat.gpx, gpxURL), (.nmea, nmeaURL)] {
  let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
  let megabytes = Double(size) / 1_000_000
  let result = try run(me, ["--read", format.rawValue, url.path])
  let fields = result.output.split(separator: " ")
  guard result.status == 0, fields.count >= 4, let fixes = Int(fields[0]),
    let seconds = Double(fields[2]),
    let peak = Int(fields[3])
  else {
    print("\(format.rawValue): reader failed (status \(result.status)): \(result.output)")
    continue
  }
  if format == .gpx { gpxSeconds = seconds }
  print(
    String(
      format:
        "%@ reader: %.1f MB, %d fixes in %.3f s: %.0f fixes/s, %.1f MB/s, peak memory %.1f MB (VmHWM, target < 64 MB)",
      format.rawValue.uppercased(),
      megabytes,
      fixes,
      seconds,
      Double(fixes) / seconds,
      megabytes / seconds,
      Double(peak) / 1024
    )
  )
}

// Baseline: Python's gpxpy on the same GPX, in the same run.
let probe = try run("/usr/bin/env", ["python3", "-c", "import gpxpy"])
if probe.status != 0 {
  print("gpxpy baseline skipped: python3 with gpxpy is not installed (pip install gpxpy)")
} else {
  let script = """
    import sys, time, resource, gpxpy
    start = time.perf_counter()
    with open(sys.argv[1]) as handle:
        gpx = gpxpy.parse(handle)
    elapsed = time.perf_counter() - start
    print(gpx.get_points_no(), elapsed, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    """
  let result = try run("/usr/bin/env", ["python3", "-c", script, gpxURL.path])
  let fields = result.output.split(whereSeparator: \.isWhitespace)
  if result.status == 0, fields.count == 3, let points = Int(fields[0]),
    let seconds = Double(fields[1]),
    let peak = Int(fields[2])
  {
    print(
      String(
        format: "gpxpy baseline: %d points in %.3f s (%.0f points/s), peak memory %.1f MB",
        points,
        seconds,
        Double(points) / seconds,
        Double(peak) / 1024
      )
    )
    if gpxSeconds > 0 {
      print(
        String(format: "GPX reader vs gpxpy: %.1fx faster (target >= 10x)", seconds / gpxSeconds)
      )
    }
  } else {
    print("gpxpy baseline failed (status \(result.status))")
  }
}
