import ForageTestSupport
import Foundation
import Testing

/// Memory bounded by design, not by the input's size: `forage run` in every format (and with
/// `--record`) and `forage replay` in every format keep to a peak that does not grow with the
/// track or the recording, under the bound docs/files-pipes-signals.md states; `replay --until N` reads no
/// further than its N actions.
///
/// The peaks are of the child process (GNU time), for tracks generated here at growing sizes.
/// Serialized: each run measures one process, and two at once would only slow each other.
@Suite(.serialized) struct MemoryBoundTests {
  /// The tracks' sizes, in fixes: ten times from the smallest to the largest, within a few
  /// minutes of a debug build (MemoryBenchmark runs 5 000 to 50 000 fixes, and more if asked).
  static let sizes = [2_000, 6_000, 20_000]
  /// The manual's bound on a run's or a replay's peak resident memory with the bundled places,
  /// in KiB, whatever the input's size (docs/files-pipes-signals.md, "Memory"); the debug build
  /// these tests run keeps under it too (about 60 MB).
  static let bound = 128 * 1024
  /// How far the largest input's peak may be above the smallest's, in KiB: the map formats
  /// keep the track until they write it (GeoJSON about 270 bytes a fix: 5 MB at 20 000), and
  /// the allocator keeps what it freed.
  static let margin = 24 * 1024
  static let formats = ["ndjson", "json", "geojson", "table", "html"]

  /// Writes a track of `count` fixes one second apart, around the bundled walk's streets: the
  /// walk there and back, again and again (no jump a filter drops), so every fix is answered.
  static func walkThereAndBack(_ count: Int, in directory: URL) throws -> URL {
    let points = try String(contentsOf: FinderFixtures.walk, encoding: .utf8)
      .split(separator: "\n").filter { $0.contains("<trkpt") }
      .map { line -> (Substring, Substring) in
        let lat = line.split(separator: "\"")[1]
        let lon = line.split(separator: "\"")[3]
        return (lat, lon)
      }
    let url = directory.appendingPathComponent("walk-\(count).gpx")
    try Data().write(to: url)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><trkseg>\n"
    let start = 1_781_263_800
    let period = 2 * (points.count - 1)
    for index in 0..<count {
      let phase = index % period
      let (lat, lon) = points[phase < points.count ? phase : period - phase]
      let time = Date(timeIntervalSince1970: Double(start + index)).formatted(.iso8601)
      text += "<trkpt lat=\"\(lat)\" lon=\"\(lon)\"><time>\(time)</time><hdop>1</hdop></trkpt>\n"
      if text.utf8.count > 1 << 20 {
        try handle.write(contentsOf: Data(text.utf8))
        text = ""
      }
    }
    try handle.write(contentsOf: Data((text + "</trkseg></trk></gpx>\n").utf8))
    return url
  }

  /// Runs `forage` and returns its peak in KiB; the run must succeed, and its output file is
  /// removed.
  static func peak(_ arguments: [String], output: URL) throws -> Int {
    let (peak, result) = try PeakMemory.kilobytes(arguments + ["--output", output.path])
    try #require(result.status == 0, "forage \(arguments): \(result.stderr)")
    try FileManager.default.removeItem(at: output)
    return peak
  }

  /// Expects the peaks, by input size, under the bound and the largest within the margin of the
  /// smallest.
  static func expectBounded(_ peaks: [(size: Int, kilobytes: Int)], _ what: String) {
    let table = peaks.map { "\($0.size): \($0.kilobytes / 1024) MB" }.joined(separator: ", ")
    for (size, kilobytes) in peaks {
      #expect(kilobytes < bound, "\(what) at \(size): \(table); bound \(bound / 1024) MB")
    }
    if let smallest = peaks.first, let largest = peaks.last {
      #expect(
        largest.kilobytes - smallest.kilobytes < margin,
        "\(what) grows with its input: \(table)"
      )
    }
  }

  @Test(arguments: formats)
  func aRunsPeakDoesNotGrowWithItsTrack(format: String) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var peaks: [(size: Int, kilobytes: Int)] = []
    for size in Self.sizes {
      let track = try Self.walkThereAndBack(size, in: directory)
      let output = directory.appendingPathComponent("out.\(format)")
      let kilobytes = try Self.peak(
        ["run", "--track", track.path, "--format", format],
        output: output
      )
      peaks.append((size, kilobytes))
      try FileManager.default.removeItem(at: track)
    }
    Self.expectBounded(peaks, "forage run --format \(format)")
  }

  @Test func aRecordedRunAndItsReplaysPeakDoNotGrowWithTheRecording() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var record: [(size: Int, kilobytes: Int)] = []
    var replays: [String: [(size: Int, kilobytes: Int)]] = [:]
    var until: [(size: Int, kilobytes: Int)] = []
    for size in Self.sizes {
      let track = try Self.walkThereAndBack(size, in: directory)
      let recording = directory.appendingPathComponent("run-\(size).recording")
      let output = directory.appendingPathComponent("out")
      record.append(
        (
          size,
          try Self.peak(
            ["run", "--track", track.path, "--format", "table", "--record", recording.path],
            output: output
          )
        )
      )
      for format in Self.formats {
        let kilobytes = try Self.peak(
          ["replay", recording.path, "--format", format],
          output: output
        )
        replays[format, default: []].append((size, kilobytes))
      }
      until.append(
        (size, try Self.peak(["replay", recording.path, "--until", "1000"], output: output))
      )
      for file in [track, recording] { try FileManager.default.removeItem(at: file) }
    }
    Self.expectBounded(record, "forage run --record")
    for format in Self.formats {
      Self.expectBounded(replays[format] ?? [], "forage replay --format \(format)")
    }
    Self.expectBounded(until, "forage replay --until 1000")
  }
}
