import ForageTestSupport
import Foundation
import Testing

/// Several `forage run --places-cache FILE` processes on one file at once: creating it,
/// migrating it from an older schema, and waiting for another's long write all succeed, with
/// the answers of a lone run, and the file keeps what every run learned.
@Suite struct PlacesCacheNeighbourTests {
  /// The migrations a cache file can have, oldest first (the cache module's `PlacesCacheSchema`).
  static let migrations = ["v1", "v2-place-provenance", "v3-notices", "v4-opening-hours"]

  /// SQL that takes a current cache file back to the schema just after `migration`.
  static func downgrade(to migration: String) -> String {
    switch migration {
    case "v1":
      """
      DROP TABLE notice;
      UPDATE place SET json = json_remove(json, '$.provenance');
      DELETE FROM grdb_migrations WHERE identifier <> 'v1';
      """
    case "v2-place-provenance":
      """
      DROP TABLE notice;
      DELETE FROM grdb_migrations WHERE identifier IN ('v3-notices', 'v4-opening-hours');
      """
    default:
      "DELETE FROM grdb_migrations WHERE identifier = 'v4-opening-hours';"
    }
  }

  /// The migrations a file records, read with Python's sqlite3 (an independent reader).
  static func appliedMigrations(_ file: URL) throws -> [String] {
    let result = try BuiltBinary.run(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      [
        "timeout", "-s", "KILL", "60", "python3", "-c",
        "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); "
          + "print('\\n'.join(r[0] for r in c.execute("
          + "'SELECT identifier FROM grdb_migrations ORDER BY identifier')))",
        file.path,
      ]
    )
    try #require(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  /// Runs `count` processes on one cache file at once and checks each against the lone run.
  static func race(
    _ count: Int,
    track: String,
    cache: URL,
    lone: [[String]],
    in directory: URL,
    _ comment: String
  ) throws {
    let arguments = [
      "run", "--track", track, "--provider", "google-legacy", "--places-cache", cache.path,
    ]
    let outcomes = try StartingGate.run(
      "forage",
      Array(repeating: arguments, count: count),
      in: directory
    )
    for outcome in outcomes {
      #expect(outcome.status == 0, "\(comment): \(outcome.stderr)")
      guard outcome.status == 0 else { continue }
      let output = try RunOutput(ndjson: outcome.stdout)
      #expect(PlacesCacheTests.answers(output) == lone, "\(comment)")
    }
    // Nothing any of them learned was lost: the file answers the walk alone.
    let after = try FinderFixtures.run(Array(arguments.dropFirst()))
    #expect(after.summary?.requests == 0, "\(comment)")
    #expect(PlacesCacheTests.answers(after) == lone, "\(comment)")
    #expect(try appliedMigrations(cache) == migrations, "\(comment)")
  }

  @Test(arguments: [2, 3, 5, 8])
  func processesCreatingOneFileAtOnceAllSucceed(_ count: Int) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(40, in: directory).path
    let lone = PlacesCacheTests.answers(
      try FinderFixtures.run(["--track", track, "--provider", "google-legacy"])
    )
    for round in 1...3 {
      let cache = directory.appendingPathComponent("new-\(round).sqlite")
      try Self.race(
        count,
        track: track,
        cache: cache,
        lone: lone,
        in: directory,
        "\(count) processes, round \(round)"
      )
    }
  }

  /// A file at each older schema, in WAL mode (as forage leaves it) and in rollback-journal
  /// mode (as another SQLite tool may leave it), migrated by several processes at once.
  @Test(arguments: ["v1", "v2-place-provenance", "v3-notices"], ["wal", "delete"])
  func processesMigratingAnOlderFileAtOnceAllSucceed(
    _ migration: String,
    _ journal: String
  )
    throws
  {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(40, in: directory).path
    let lone = PlacesCacheTests.answers(
      try FinderFixtures.run(["--track", track, "--provider", "google-legacy"])
    )
    for (round, count) in [4, 6].enumerated() {
      let cache = directory.appendingPathComponent("old-\(round).sqlite")
      _ = try FinderFixtures.run([
        "--track", track, "--provider", "google-legacy", "--places-cache", cache.path,
      ])
      try PlacesCacheTests.sqlite(
        cache,
        Self.downgrade(to: migration) + "PRAGMA journal_mode = \(journal);"
      )
      try #require(
        try Self.appliedMigrations(cache) == Array(Self.migrations.prefix { $0 <= migration })
      )
      try Self.race(
        count,
        track: track,
        cache: cache,
        lone: lone,
        in: directory,
        "\(count) processes from \(migration), \(journal)"
      )
    }
  }

  /// While another program holds a write transaction on the file for two seconds, processes
  /// that start (on a new file, or on one that needs a migration) wait for it and succeed.
  @Test(arguments: ["new", "v3-notices"])
  func processesWaitForAnotherProcesssLongWrite(_ start: String) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(40, in: directory).path
    let lone = PlacesCacheTests.answers(
      try FinderFixtures.run(["--track", track, "--provider", "google-legacy"])
    )
    let cache = directory.appendingPathComponent("busy.sqlite")
    if start != "new" {
      _ = try FinderFixtures.run([
        "--track", track, "--provider", "google-legacy", "--places-cache", cache.path,
      ])
      try PlacesCacheTests.sqlite(cache, Self.downgrade(to: start))
    }
    // Python's sqlite3 takes the write lock, says so, holds it two seconds, and commits.
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    writer.arguments = [
      "timeout", "-s", "KILL", "60", "python3", "-c",
      """
      import sqlite3, sys, time
      c = sqlite3.connect(sys.argv[1], isolation_level=None)
      c.execute('BEGIN IMMEDIATE')
      c.execute('CREATE TABLE IF NOT EXISTS held (x)')
      print('holding', flush=True)
      time.sleep(2)
      c.execute('DROP TABLE held')
      c.execute('COMMIT')
      """,
      cache.path,
    ]
    let said = Pipe()
    writer.standardOutput = said
    try writer.run()
    defer {
      if writer.isRunning { kill(writer.processIdentifier, SIGKILL) }
      writer.waitUntilExit()
    }
    let first = said.fileHandleForReading.availableData
    try #require(String(decoding: first, as: UTF8.self).hasPrefix("holding"))
    try Self.race(4, track: track, cache: cache, lone: lone, in: directory, "from \(start)")
  }
}
