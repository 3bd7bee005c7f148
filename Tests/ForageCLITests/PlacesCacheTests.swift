import ForageProviders
import ForageTestSupport
import Foundation
import Testing

/// `forage run --places-cache FILE`: what one run learns serves the next, in another process.
@Suite struct PlacesCacheTests {
  /// The ids and distances of every answer, by fix.
  static func answers(_ output: RunOutput) -> [[String]] {
    output.named("places").map { event in
      (event.places ?? []).map { "\($0.id)@\($0.distance)" }
    }
  }

  @Test func theSecondRunMakesNoRequestAndPrintsTheSamePlaces() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 3, in: directory).path
    let cache = directory.appendingPathComponent("places.sqlite").path
    let first = try FinderFixtures.run([
      "--track", track, "--provider", "google-legacy", "--places-cache", cache,
    ])
    let second = try FinderFixtures.run([
      "--track", track, "--provider", "google-legacy", "--places-cache", cache,
    ])
    let firstRequests = try #require(first.summary?.requests)
    #expect(firstRequests > 0)
    #expect(second.summary?.requests == 0)
    #expect(Self.answers(second) == Self.answers(first))
    #expect(Set(second.named("places").compactMap(\.source)) == ["stored"])
    #expect(second.summary?.cacheAnswers == second.named("places").count)
    let summaryLine = try #require(
      try FinderFixtures.forage([
        "run", "--track", track, "--provider", "google-legacy", "--places-cache", cache,
      ]).stdout
        .split(separator: "\n").last
    )
    #expect(summaryLine.contains(#""stored_answers":"#))
    // Without the flag nothing changes: no source "stored", no stored_answers member.
    let plain = try FinderFixtures.forage(["run", "--track", track, "--provider", "google-legacy"])
    #expect(!plain.stdout.contains("stored"))
  }

  @Test func anOverlappingTrackSearchesOnlyTheNewArea() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let firstHalf = try FinderFixtures.walkPrefix(1_950, in: directory).path
    let whole = try FinderFixtures.walkSample(every: 1, in: directory).path
    let cache = directory.appendingPathComponent("places.sqlite").path
    let fresh = try FinderFixtures.run(["--track", whole, "--provider", "google-legacy"])
    let half = try FinderFixtures.run([
      "--track", firstHalf, "--provider", "google-legacy", "--places-cache", cache,
    ])
    let overlapping = try FinderFixtures.run([
      "--track", whole, "--provider", "google-legacy", "--places-cache", cache,
    ])
    let freshRequests = try #require(fresh.summary?.requests)
    let halfRequests = try #require(half.summary?.requests)
    let overlappingRequests = try #require(overlapping.summary?.requests)
    #expect(halfRequests > 0 && overlappingRequests > 0)
    // Cheaper than searching the whole walk again. (Not as cheap as the fresh run's own share
    // of the new part: the search planner starts there with no recent searches to go by.)
    #expect(overlappingRequests < freshRequests)
    #expect(Self.answers(overlapping) == Self.answers(fresh))
    // The first half is answered from the file: no fix of it is searched again.
    let places = overlapping.named("places")
    let stored = places.filter { $0.source == "stored" }
    #expect(stored.count >= 1_900)
    #expect(!places.contains { $0.source == "network" && ($0.fixIndex ?? 0) < 1_950 })
  }

  @Test func twoProcessesShareOneFileAtOnce() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 2, in: directory).path
    let cache = directory.appendingPathComponent("shared.sqlite").path
    let arguments = [
      "run", "--track", track, "--provider", "google-legacy", "--places-cache", cache,
    ]
    let one = BlockingThread { try FinderFixtures.forage(arguments) }
    let two = BlockingThread { try FinderFixtures.forage(arguments) }
    let results = try [one.value(), two.value()]
    for result in results {
      #expect(result.status == 0, "\(result.stderr)")
    }
    let outputs = try results.map { try RunOutput(ndjson: $0.stdout) }
    #expect(Self.answers(outputs[0]) == Self.answers(outputs[1]))
    // What both kept serves a third run completely.
    let third = try FinderFixtures.run(Array(arguments.dropFirst()))
    #expect(third.summary?.requests == 0)
    #expect(Self.answers(third) == Self.answers(outputs[0]))
  }

  @Test(arguments: [
    ("not-sqlite", Data("just some text\n".utf8)),
    ("foreign", Data()),
    ("corrupt", Data()),
    ("newer", Data()),
    ("no-table", Data()),
    ("unreadable-place", Data()),
    ("impossible-search", Data()),
  ])
  /// Refused with one line and 65, left as it was, with no file beside it (SQLite's -wal and
  /// -shm files were left, and a missing table was exit 74: found by a hostile test).
  func aFileThatIsNotAUsableCacheIsRefusedAndLeftAlone(_ name: String, _ bytes: Data) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(30, in: directory).path
    let file = directory.appendingPathComponent("\(name).sqlite")
    switch name {
    case "foreign":
      try Self.sqlite(file, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');")
    case "corrupt":
      // A real cache, then its pages overwritten past the header.
      _ = try FinderFixtures.run([
        "--track", track, "--provider", "google-legacy", "--places-cache", file.path,
      ])
      var data = try Data(contentsOf: file)
      for offset in stride(from: 100, to: data.count, by: 7) { data[offset] = 0xA5 }
      try data.write(to: file)
    case "newer":
      _ = try FinderFixtures.run([
        "--track", track, "--provider", "google-legacy", "--places-cache", file.path,
      ])
      try Self.sqlite(file, "INSERT INTO grdb_migrations VALUES ('v99-from-the-future');")
    case "no-table", "unreadable-place", "impossible-search":
      _ = try FinderFixtures.run([
        "--track", track, "--provider", "google-legacy", "--places-cache", file.path,
      ])
      try Self.sqlite(
        file,
        [
          "no-table": "DROP TABLE notice;",
          "unreadable-place": "UPDATE place SET json = '{garbage' WHERE rowid % 3 = 0;",
          "impossible-search": "UPDATE search SET latitude = 999;",
        ][name]!
      )
    default:
      try bytes.write(to: file)
    }
    let before = try Data(contentsOf: file)
    let result = try FinderFixtures.forage([
      "run", "--track", track, "--provider", "google-legacy", "--places-cache", file.path,
    ])
    #expect(result.status == 65, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n").filter { !$0.contains("in-process mock") }
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(lines.first?.contains(file.path) == true)
    #expect(result.stdout.isEmpty)
    // A damaged row is found once SQLite has opened the file for writing, which rewrites some
    // of its own bookkeeping (GRDB's pool makes and drops a table): no row changes.
    if !["unreadable-place", "impossible-search"].contains(name) {
      #expect(try Data(contentsOf: file) == before)
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(
      left.sorted()
        == [file.lastPathComponent, URL(fileURLWithPath: track).lastPathComponent].sorted(),
      "\(left)"
    )
  }

  /// A run, and a second that reads what the first kept, leave the file alone in its folder:
  /// SQLite's -wal and -shm files were left beside it (GRDB closed its reading connections
  /// last, and those cannot remove them).
  @Test func aRunLeavesNoFileBesideTheCache() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(30, in: directory).path
    let file = directory.appendingPathComponent("places.sqlite")
    for _ in 0..<2 {
      _ = try FinderFixtures.run(["--track", track, "--places-cache", file.path])
      let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(
        left.sorted() == ["places.sqlite", URL(fileURLWithPath: track).lastPathComponent],
        "\(left)"
      )
    }
  }

  /// Searches no forage could have written: covered radii the coverage cache cannot hold (before,
  /// 1e308 stopped forage with a trap in the coverage grid), text or bytes where a number
  /// belongs (SQLite keeps them; GRDB's decoding stopped forage with a `try!`), and a time in
  /// the far future (it would never expire).
  @Test(arguments: [
    "covered_radius = -1", "covered_radius = 50000.5", "covered_radius = 1e9",
    "covered_radius = 1e308", "covered_radius = 9e999", "latitude = 'abc'", "longitude = 'x'",
    "covered_radius = x'00ff'", "searched_at = 'never'",
    "searched_at = 1e12",
  ])
  func aFileHoldingAnImpossibleSearchIsRefused(_ change: String) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(30, in: directory).path
    let file = directory.appendingPathComponent("places.sqlite")
    _ = try FinderFixtures.run([
      "--track", track, "--provider", "google-legacy", "--places-cache", file.path,
    ])
    try Self.sqlite(file, "UPDATE search SET \(change);")
    let result = try FinderFixtures.forage([
      "run", "--track", track, "--provider", "google-legacy", "--places-cache", file.path,
    ])
    #expect(result.status == 65, "\(change): \(result.stderr)")
    let lines = result.stderr.split(separator: "\n").filter { !$0.contains("in-process mock") }
    #expect(lines.count == 1, "\(change): \(result.stderr)")
    #expect(lines.first?.contains("holds an impossible search") == true, "\(result.stderr)")
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(!left.contains { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") }, "\(left)")
  }

  /// A cache that cannot grow (here past `ulimit -f`) fails the run with one line and exit 74,
  /// as a failed write does; it was a warning and exit 0, with the searches not kept.
  @Test func aCacheWriteThatFailsIsExit74() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 10, count: 300, in: directory).path
    // Standard output is a pipe, which the limit does not bound; 300 blocks of 512 bytes let
    // the file be made, not grow much.
    _ = try FinderFixtures.shell(
      "trap '' XFSZ; ulimit -f 300; { \"$F\" run --track '\(track)' --provider google-legacy "
        + "--places-cache places.sqlite 2>err.txt; echo $? >status.txt; } | wc -c",
      in: directory
    )
    let status = try String(
      contentsOf: directory.appendingPathComponent("status.txt"),
      encoding: .utf8
    )
    let lines = try String(contentsOf: directory.appendingPathComponent("err.txt"), encoding: .utf8)
      .split(separator: "\n").filter { !$0.contains("in-process mock") }
    #expect(status == "74\n", "\(lines)")
    #expect(lines.count == 1, "\(lines)")
    #expect(lines.first?.contains("--places-cache: some searches were not kept") == true)
  }

  @Test func aBadTimeToLiveIsAUsageError() throws {
    let result = try FinderFixtures.forage([
      "run", "--track", FinderFixtures.walk.path, "--places-cache", "/nonexistent/x.sqlite",
      "--places-cache-ttl", "30m",
    ])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--places-cache-ttl"))
  }

  /// Times to live at and past Google's 30 days, in every unit.
  static let timesToLive: [(value: String, withinGoogle: Bool)] = [
    ("30d", true), ("2592000s", true), ("720h", true), ("43200min", true), ("29.5d", true),
    ("2592000.5s", false), ("2592001s", false), ("721h", false), ("43201min", false),
    ("31d", false), ("1e6d", false),
  ]

  /// Every provider with every time to live: past its terms, the run is refused before the
  /// cache file is made, with one line naming the option, the API and its limit (exit 64).
  @Test(arguments: PlacesProviderName.allCases.map(\.rawValue))
  func aTimeToLivePastTheProvidersTermsIsRefusedBeforeTheFileIsMade(provider: String) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 200, in: directory).path
    let isGoogle = provider != "overpass"
    for (value, withinGoogle) in Self.timesToLive {
      let file = directory.appendingPathComponent("cache-\(value).sqlite")
      var arguments = [
        "run", "--track", track, "--provider", provider, "--places-cache", file.path,
        "--places-cache-ttl", value,
      ]
      if provider == "overpass" { arguments += ["--type", "restaurant"] }
      let result = try FinderFixtures.forage(arguments)
      let lines = result.stderr.split(separator: "\n").filter { !$0.contains("in-process mock") }
      if isGoogle && !withinGoogle {
        #expect(result.status == 64, "\(value): \(result.stderr)")
        #expect(lines.count == 1, "\(value): \(result.stderr)")
        #expect(lines.first?.contains("--places-cache-ttl \(value)") == true, "\(result.stderr)")
        #expect(lines.first?.contains("at most 30 days") == true, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file.path), "\(value)")
      } else {
        #expect(result.status == 0, "\(provider) \(value): \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: file.path), "\(value)")
      }
    }
  }

  /// Runs SQL on a file with Python's sqlite3 (an independent writer).
  static func sqlite(_ file: URL, _ sql: String) throws {
    let result = try BuiltBinary.run(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c",
        "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()",
        file.path, sql,
      ]
    )
    try #require(result.status == 0, "\(result.stderr)")
  }
}
