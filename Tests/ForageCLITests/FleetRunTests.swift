import ForageTestSupport
import Foundation
import Testing

/// `forage run` with many `--track`s: one receiver a track, one shared cache, and each
/// receiver's answers byte for byte those of its track run alone (but `source`).
@Suite struct FleetRunTests {
  /// The fleet's tracks: the bundled walk (sampled), four overlapping routes, and the first
  /// route again (the same file twice).
  static func tracks(in directory: URL) throws -> [URL] {
    let walk = try FinderFixtures.walkSample(every: 60, count: 40, in: directory)
    let routes = try (0..<FleetRoutes.routes.count).map { try FleetRoutes.write($0, in: directory) }
    return [walk] + routes + [routes[0]]
  }

  /// Every provider the in-process mock serves, at K on both sides of one page (20) and at
  /// the largest.
  static let cases: [(provider: String, limit: Int)] = ["places-new", "google-legacy", "overpass"]
    .flatMap { provider in [5, 20, 21, 60].map { (provider, $0) } }

  @Test(arguments: cases)
  func eachReceiverAnswersAsItsTrackAlone(provider: String, limit: Int) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let tracks = try Self.tracks(in: directory)
    let options = ["--provider", provider, "--limit", "\(limit)"]
    let fleet = try FinderFixtures.forage(
      ["run"] + tracks.flatMap { ["--track", $0.path] } + options
    )
    try #require(fleet.status == 0, "\(fleet.stderr)")
    let streams = try Self.streams(of: fleet.stdout)
    let names = tracks.dropLast().map(\.path) + [tracks.last!.path + "#2"]
    #expect(Set(streams.keys) == Set(names + [""]))
    var aloneRequests = 0
    for (name, track) in zip(names, tracks) {
      let alone = try FinderFixtures.forage(["run", "--track", track.path] + options)
      try #require(alone.status == 0, "\(alone.stderr)")
      aloneRequests += try Self.requests(in: alone.stdout)
      #expect(
        streams[name]?.map(Self.withoutSource)
          == Self.lines(of: alone.stdout).map(Self.withoutSource),
        "receiver \(name), \(provider), K \(limit)"
      )
    }
    // The fleet's summary is its bill: every receiver's requests, fewer than paid alone.
    let receiverRequests = try names.map { try Self.requests(in: streams[$0]!.last!) }
    let fleetRequests = try Self.requests(in: streams[""]!.last!)
    #expect(fleetRequests == receiverRequests.reduce(0, +))
    #expect(fleetRequests < aloneRequests, "\(fleetRequests) of \(aloneRequests) alone")
    #expect(streams[""]!.last!.contains(#""receivers":\#(tracks.count),"#))
    if JSONSchemaCheck.isAvailable {
      #expect(try JSONSchemaCheck.errors(in: fleet.stdout, schema: FinderFixtures.schema) == [])
    }
  }

  /// A track that cannot be read, or is not a track, and the exit code it gives alone.
  enum BadTrack: String, CaseIterable {
    case missing, badLine, empty, fifo, device, directory, symlinkLoop

    /// Makes the bad track in `directory`; a FIFO is fed bad data once a reader opens it.
    func make(in directory: URL) throws -> URL {
      let url = directory.appendingPathComponent("bad-\(rawValue).gpx")
      switch self {
      case .missing: break
      case .badLine:
        // A closing tag that never ends, at line 4.
        try Data(
          """
          <?xml version="1.0"?>
          <gpx version="1.1" creator="t"><trk><trkseg>
          <trkpt lat="60.17" lon="24.94"><time>2026-06-12T11:30:00Z</time></trkpt>
          <trkpt lat="60.17" lon="24.94"><time>2026-06-12T11:30:10Z</time></trkpt
          <<<
          </trkseg></trk></gpx>

          """.utf8
        ).write(to: url)
      case .empty: try Data().write(to: url)
      case .fifo: try #require(mkfifo(url.path, 0o600) == 0)
      case .device:
        // A null device made in the test's own folder, never the machine's /dev.
        try #require(
          mknod(url.path, S_IFCHR | 0o666, OutputSafetyTests.Nodes.device(1, 3)) == 0,
          "mknod needs root"
        )
      case .directory:
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      case .symlinkLoop:
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: url.path)
      }
      return url
    }

    /// Feeds a FIFO with a line that is not a track, from another thread, once it is opened.
    func feed(_ url: URL) {
      guard self == .fifo else { return }
      Thread.detachNewThread {
        let descriptor = open(url.path, O_WRONLY)
        guard descriptor >= 0 else { return }
        _ = "not a track\n".withCString { write(descriptor, $0, strlen($0)) }
        close(descriptor)
      }
    }
  }

  @Test(arguments: BadTrack.allCases)
  func badTrackIsReportedForItsReceiverAlone(_ bad: BadTrack) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let good = try FleetRoutes.write(0, in: directory)
    let other = try FleetRoutes.write(1, in: directory)
    let track = try bad.make(in: directory)
    bad.feed(track)
    let alone = try FinderFixtures.forage(["run", "--track", track.path])
    try #require([65, 74].contains(alone.status), "\(alone.status): \(alone.stderr)")
    bad.feed(track)
    let fleet = try FinderFixtures.forage(
      ["run", "--track", good.path, "--track", track.path, "--track", other.path]
    )
    #expect(fleet.status == alone.status, "\(fleet.stderr)")
    let named = fleet.stderr.split(separator: "\n").filter { $0.contains(track.lastPathComponent) }
    #expect(named.count == 1, "\(fleet.stderr)")
    #expect(named.first.map { alone.stderr.contains($0) } == true, "\(alone.stderr)")
    let streams = try Self.streams(of: fleet.stdout)
    #expect(streams[track.path] == nil)
    for finished in [good, other] {
      let run = try FinderFixtures.forage(["run", "--track", finished.path])
      #expect(
        streams[finished.path]?.map(Self.withoutSource)
          == Self.lines(of: run.stdout).map(Self.withoutSource)
      )
    }
    #expect(streams[""]?.last?.contains(#""receivers":3,"#) == true)
  }

  @Test func worstExitCodeWins() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let good = try FleetRoutes.write(0, in: directory)
    let bad = try BadTrack.badLine.make(in: directory)
    let missing = try BadTrack.missing.make(in: directory)
    let dataOnly = try FinderFixtures.forage(["run", "--track", bad.path, "--track", good.path])
    #expect(dataOnly.status == 65, "\(dataOnly.stderr)")
    let both = try FinderFixtures.forage(
      ["run", "--track", bad.path, "--track", missing.path, "--track", good.path]
    )
    #expect(both.status == 74, "\(both.stderr)")
    let none = try FinderFixtures.forage(["run", "--track", bad.path, "--track", missing.path])
    #expect(none.status == 74, "\(none.stderr)")
    #expect(none.stdout.isEmpty)
  }

  @Test(arguments: ["json", "geojson", "table", "html"])
  func otherFormatsTakeOneTrack(_ format: String) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FleetRoutes.write(0, in: directory)
    let result = try FinderFixtures.forage(
      ["run", "--track", track.path, "--track", track.path, "--format", format]
    )
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("--format \(format) takes one --track"), "\(result.stderr)")
  }

  @Test func tracksOfDifferentFormatsAnswerAsAlone() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let gpx = try FleetRoutes.write(2, in: directory)
    // A name a shell must quote, and JSON too.
    let csv = directory.appendingPathComponent("bus \"3\" ä.csv")
    try FileManager.default.moveItem(
      at: try FleetRoutes.write(3, csv: true, in: directory),
      to: csv
    )
    let fleet = try FinderFixtures.forage(["run", "--track", gpx.path, "--track", csv.path])
    try #require(fleet.status == 0, "\(fleet.stderr)")
    let streams = try Self.streams(of: fleet.stdout)
    for track in [gpx, csv] {
      let alone = try FinderFixtures.forage(["run", "--track", track.path])
      #expect(
        streams[track.path]?.map(Self.withoutSource)
          == Self.lines(of: alone.stdout).map(Self.withoutSource)
      )
    }
  }

  @Test func aPlacesCacheFileIsFilledAndReadByTheFleet() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let tracks = try (0..<3).map { try FleetRoutes.write($0, in: directory) }
    let cache = ["--places-cache", directory.appendingPathComponent("cache.sqlite").path]
    let arguments = ["run"] + tracks.flatMap { ["--track", $0.path] } + cache
    let first = try FinderFixtures.forage(arguments)
    try #require(first.status == 0, "\(first.stderr)")
    let second = try FinderFixtures.forage(arguments)
    try #require(second.status == 0, "\(second.stderr)")
    let streams = try Self.streams(of: second.stdout)
    #expect(try Self.requests(in: streams[""]!.last!) < Self.requests(in: first.stdout))
    #expect(streams[""]!.last!.contains(#""stored_answers":"#))
    for track in tracks {
      let alone = try FinderFixtures.forage(["run", "--track", track.path])
      #expect(
        streams[track.path]?.map(Self.withoutSource)
          == Self.lines(of: alone.stdout).map(Self.withoutSource)
      )
    }
  }

  @Test func aThousandTracksRunInOneProcess() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(2, in: directory)
    let result = try FinderFixtures.forage(
      ["run"] + Array(repeating: ["--track", track.path], count: 1000).flatMap { $0 }
    )
    try #require(result.status == 0, "\(result.stderr)")
    let streams = try Self.streams(of: result.stdout)
    #expect(streams.count == 1001)
    #expect(streams[track.path + "#1000"] != nil)
    // The thousand pay less than two receivers alone: the first one's searches answer the
    // others, which at most fetch again a page the first left for later.
    let alone = try FinderFixtures.forage(["run", "--track", track.path])
    #expect(try Self.requests(in: streams[""]!.last!) < 2 * Self.requests(in: alone.stdout))
  }

  /// From the least open-files limit forage takes up, a fleet of more receivers than the limit
  /// leaves room for at once runs whole: they take turns (bash closes every descriptor but the
  /// standard three first, as ResourceLimitTests does).
  @Test(arguments: [0, 1, 30])
  func everyOpenFilesLimitFromTheMinimumRunsTheFleet(above: rlim_t) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FleetRoutes.write(0, in: directory)
    let limit = ResourceLimitTests.minimumOpenFiles + above
    let tracks: [String] = (0..<60).flatMap { _ in ["--track", track.path] }
    let words: [String] =
      ["/usr/bin/prlimit", "--nofile=\(limit):\(limit)", "--", BuiltBinary.url("forage").path]
      + ["run"] + tracks
    let command = words.map { "'\($0)'" }.joined(separator: " ")
    let closes =
      "for f in /proc/self/fd/*; do n=${f##*/}; "
      + "if [ \"$n\" -gt 2 ]; then eval \"exec $n<&-\" 2>/dev/null; fi; done"
    let child = try TimedChild(
      executable: "/bin/bash",
      ["-c", "\(closes); exec \(command)"],
      in: directory
    )
    let status = try child.wait(limit: .seconds(120))
    #expect(status == 0, "ulimit -n \(limit): \(child.stderr)")
    let streams = try Self.streams(of: child.stdout)
    #expect(streams.count == 61)
    #expect(streams.values.allSatisfy { $0.last?.contains(#""event":"summary""#) == true })
  }

  @Test func standardInputIsOneTrackAtMost() throws {
    let result = try FinderFixtures.forage(["run", "--track", "-", "--track", "-"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--track - (standard input) can be given once"))
  }

  @Test func anOutputThatIsAnyTrackIsRefused() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try FleetRoutes.write(0, in: directory)
    let second = try FleetRoutes.write(1, in: directory)
    let before = try Data(contentsOf: second)
    let result = try FinderFixtures.forage(
      ["run", "--track", first.path, "--track", second.path, "--output", second.path]
    )
    #expect(result.status == 64, "\(result.stderr)")
    #expect(try Data(contentsOf: second) == before)
  }

  @Test func recordTakesOneTrack() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FleetRoutes.write(0, in: directory)
    let result = try FinderFixtures.forage(
      ["run", "--track", track.path, "--track", track.path, "--record", directory.path + "/r"]
    )
    #expect(result.status == 64)
    #expect(result.stderr.contains("--record takes one --track, not 2"), "\(result.stderr)")
  }

  // MARK: - Reading a fleet's output

  /// The output's lines by receiver (`""` for the fleet's summary), the `receiver` member cut
  /// out of each, bytes otherwise as written.
  static func streams(of output: String) throws -> [String: [String]] {
    var streams: [String: [String]] = [:]
    for line in lines(of: output) {
      let object = try #require(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      )
      guard let name = object["receiver"] as? String else {
        streams["", default: []].append(line)
        continue
      }
      let prefix = try #require(line.firstRange(of: #/^\{"receiver":"(?:[^"\\]|\\.)*",/#))
      streams[name, default: []].append("{" + line[prefix.upperBound...])
    }
    return streams
  }

  static func lines(of output: String) -> [String] {
    output.split(separator: "\n").map(String.init)
  }

  /// A line without what sharing may change: each answer's `source`, and the summary's counts
  /// of requests and of answers from the cache.
  static func withoutSource(_ line: String) -> String {
    line.replacing(#/,"source":"[a-z]+"/#, with: "")
      .replacing(#/,"requests":[0-9]+/#, with: "")
      .replacing(#/,"requests_by_sku":\{[^}]*\}/#, with: "")
      .replacing(#/,"cache_answers":[0-9]+/#, with: "")
      .replacing(#/,"stored_answers":[0-9]+/#, with: "")
  }

  /// The `requests` of the last summary in `text`.
  static func requests(in text: String) throws -> Int {
    let line = try #require(lines(of: text).last)
    let match = try #require(line.firstMatch(of: #/"requests":([0-9]+)/#))
    return try #require(Int(match.1))
  }
}
