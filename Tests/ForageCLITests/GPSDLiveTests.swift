import ForageSupport
import ForageTestSupport
import ForageTracks
import Foundation
import Testing

/// `forage run --gpsd` against the real thing: Debian's gpsd, fed each NMEA log of the real
/// corpus by `gpsfake`. forage's fixes must be the log's valid fixes as forage's own NMEA reader
/// reads them, one for one and value for value, except where gpsd 3.22 differs, listed in
/// ``differences`` and checked exactly.
///
/// How the comparison stays exact:
/// - gpsd opens the pseudo-terminal as soon as gpsfake adds it and hunts for its speed,
///   flushing its input (`TCIOFLUSH`) every 200 ms until it settles (seen with
///   `gpsfake -m "strace -f -e ioctl"`): sentences written before then are lost, however early
///   the client connects. The test puts 64 KB of `$GPTXT` sentences (which gpsd reads and
///   ignores) before each log: gpsfake blocks once a pseudo-terminal's buffer (about 20 KB) is
///   full, and the rest lasts about two seconds at gpsfake's pace, long enough for gpsd to
///   settle. Should it still lose the start, the test fails saying how many fixes were lost, and
///   still compares the rest, which must be exactly the log's fixes from there to the end.
/// - gpsd sends a `TPV` after each sentence of an epoch until it learns the receiver's cycle,
///   and untimed ones before it knows the date; forage merges them into one fix per epoch
///   (``ForageLocation/GPSDEpochMerger``), so they need no allowance here.
@Suite struct GPSDLiveTests {
  /// Where gpsd's reading of a log differs from forage's NMEA reader.
  struct Differences: Sendable {
    /// Lines (of the RMC) of epochs gpsd reports no fix for.
    var droppedLines: [Int] = []
    /// Untimed fixes gpsd reports before it knows the date, before the first timed one; each is
    /// at the position of the log's first fix.
    var untimedFixes = 0
    /// What gpsd adds to the log's times: 1024 weeks for a date gpsd takes for one before a GPS
    /// week-number rollover.
    var timeShift: TimeInterval = 0
  }

  static let gpsWeekRollover: TimeInterval = 1024 * 7 * 86_400

  /// The logs and how gpsd 3.22 reads each differently:
  /// - haicom-305N (2007): gpsd dates it 1024 weeks later (2026), and reports no fix for the
  ///   first valid epoch (09:53:04.802, line 42), the first after the receiver's eight void ones
  ///   (gpsd sends mode-1 TPVs for those, and none at all for this one).
  /// - sirfstarv-nmea: gpsd reports the first epoch's GPGGA position once before a GLGSA says "no
  ///   fix" and before it knows the date: one untimed fix more.
  static let differences: [String: Differences] = [
    "haicom-305N.log": Differences(droppedLines: [42], timeShift: gpsWeekRollover),
    "nmea-fuzzy-cases.log": Differences(),
    "quectel-l76k-nmea.log": Differences(),
    "sirfstarv-nmea.log": Differences(untimedFixes: 1),
    "ublox-8.log": Differences(),
  ]

  /// gpsd prints degrees with 9 decimals, speed with 3 and track with 4.
  static let degreeTolerance = 5.1e-10
  static let speedTolerance = 5.01e-4
  static let courseTolerance = 5.01e-5

  @Test func everyLogOfTheCorpusHasItsDifferencesListed() throws {
    let directory = try #require(TestData.file("tracks/nmea"))
    let logs = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".log") }
    #expect(Set(logs) == Set(Self.differences.keys))
  }

  @Test func gpsfakeIsInstalled() {
    // CI installs gpsd and gpsd-clients (the Makefile's APT_PACKAGES): missing is a failure.
    #expect(GPSFakeProcess.executable != nil, "gpsfake is missing: apt-get install gpsd-clients")
  }

  @Test(arguments: differences.keys.sorted())
  func forageReadsTheLogsValidFixesThroughGpsd(log name: String) throws {
    let log = try #require(TestData.file("tracks/nmea/\(name)"))
    try #require(GPSFakeProcess.executable != nil, "gpsfake is missing")
    let differences = try #require(Self.differences[name])
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("forage-gpsd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let padded = directory.appendingPathComponent(name)
    try (Self.padding + Data(contentsOf: log)).write(to: padded)

    let recording = directory.appendingPathComponent("run.ndjson")
    var result: BinaryResult?
    var gpsfakeOutput = ""
    // A port chosen by binding port 0 may be taken again before gpsd binds it: then gpsd dies,
    // forage finds nothing listening and gives up (exit 69), and the test tries another port.
    for _ in 1...3 {
      let port = try FakeGPSD.unusedPort()
      let gpsfake = try GPSFakeProcess(
        log: padded.path,
        port: port,
        cycle: 0.002,
        timeout: 2,
        directory: directory
      )
      result = try FinderFixtures.forage([
        "run", "--gpsd", "127.0.0.1:\(port)", "--record", recording.path, "--format", "ndjson",
      ])
      gpsfake.kill()
      gpsfakeOutput = gpsfake.output
      if result?.status != 69 { break }
    }
    let run = try #require(result)
    #expect(run.status == 0, "forage: \(run.stderr)\ngpsfake: \(gpsfakeOutput)")
    #expect(run.stderr.contains("gpsd 127.0.0.1:"))
    #expect(!run.stderr.contains("skipped"), "\(run.stderr)")

    let received = try Self.receivedFixes(recording)
    let expected = try Self.validFixes(log)
    let kept = expected.filter { !differences.droppedLines.contains($0.line ?? 0) }
    #expect(
      expected.count - kept.count == differences.droppedLines.count,
      "the dropped lines \(differences.droppedLines) are not all fixes of the log"
    )
    let untimed = received.prefix { $0.time == nil }
    let timed = Array(received.dropFirst(untimed.count))
    #expect(timed.allSatisfy { $0.time != nil }, "an untimed fix after the first timed one")
    // Where the received fixes start in the log: 0 unless gpsd lost the start (see above).
    let first = try #require(timed.first, "no timed fix through gpsd: \(run.stderr)")
    let start = try #require(
      kept.firstIndex { Self.sameTime(first, $0, shift: differences.timeShift) },
      "the first fix through gpsd, \(first), is not a fix of the log"
    )
    #expect(start == 0, "gpsd lost the first \(start) of \(kept.count) fixes while it settled")
    if start == 0 {
      #expect(untimed.count == differences.untimedFixes)
    }
    for fix in untimed {
      #expect(Self.samePosition(fix, kept[start]), "untimed \(fix) is not at \(kept[start])")
    }
    let rest = kept[start...]
    #expect(
      timed.count == rest.count,
      "\(timed.count) fixes through gpsd, \(rest.count) in the log"
    )
    for (fix, original) in zip(timed, rest) {
      let line = original.line ?? 0
      #expect(
        Self.sameTime(fix, original, shift: differences.timeShift),
        "line \(line): time \(String(describing: fix.time)) for \(String(describing: original.time))"
      )
      #expect(Self.samePosition(fix, original), "line \(line): \(fix) for \(original)")
      #expect(Self.close(fix.speed, original.speed, Self.speedTolerance), "line \(line): speed")
      #expect(Self.close(fix.course, original.course, Self.courseTolerance), "line \(line): course")
    }
  }

  /// Whether the fix's time is the original's plus the shift, to gpsd's millisecond.
  static func sameTime(_ fix: Fix, _ original: Fix, shift: TimeInterval) -> Bool {
    guard let time = fix.time, let originalTime = original.time else { return false }
    return abs(time.timeIntervalSince(originalTime) - shift) < 5e-4
  }

  /// 64 KB of `$GPTXT` sentences: more than a pseudo-terminal holds, and about two seconds more.
  static let padding: Data = {
    let body = "GPTXT,01,01,02,forage gpsd test padding"
    let checksum = body.utf8.reduce(UInt8(0), ^)
    let hex = String(checksum, radix: 16, uppercase: true)
    let line = "$\(body)*\(hex.count == 1 ? "0" + hex : hex)\r\n"
    return Data(String(repeating: line, count: 65_536 / line.utf8.count + 1).utf8)
  }()

  /// The fixes the run's recording says the finder received, in order.
  static func receivedFixes(_ recording: URL) throws -> [Fix] {
    let text = try String(contentsOf: recording, encoding: .utf8)
    return try text.split(separator: "\n").compactMap { line in
      let action = try JSONParser.parse(Array(line.utf8))
      guard action["event"]?.string == "fix_received", let fix = action["fix"] else { return nil }
      return Fix(
        time: fix["time"]?.number.map { Date(timeIntervalSince1970: $0) },
        latitude: try #require(fix["lat"]?.number),
        longitude: try #require(fix["lon"]?.number),
        speed: fix["speed"]?.number,
        course: fix["course"]?.number
      )
    }
  }

  /// The log's valid fixes as forage's NMEA reader reads them.
  static func validFixes(_ log: URL) throws -> [Fix] {
    let reader = try TrackReader.open(url: log, format: .nmea)
    var fixes: [Fix] = []
    while let event = try reader.next() {
      if case .fix(let fix) = event { fixes.append(fix) }
    }
    return fixes
  }

  static func samePosition(_ fix: Fix, _ original: Fix) -> Bool {
    abs(fix.latitude - original.latitude) <= degreeTolerance
      && abs(fix.longitude - original.longitude) <= degreeTolerance
  }

  static func close(_ value: Double?, _ original: Double?, _ tolerance: Double) -> Bool {
    switch (value, original) {
    case (nil, nil): true
    case (let value?, let original?): abs(value - original) <= tolerance
    default: false
    }
  }
}
