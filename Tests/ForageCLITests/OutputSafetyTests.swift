import ForageTestSupport
import Foundation
import Testing

/// Outputs like a trusted Unix tool: what `--output` and `--record` may replace, write errors,
/// and signals. Device nodes are made with `mknod` in a temporary folder, never the machine's.
@Suite struct OutputSafetyTests {
  /// A temporary folder with a null device, a full device and a FIFO of its own.
  struct Nodes {
    let directory: URL
    var null: String { directory.appendingPathComponent("null").path }
    var full: String { directory.appendingPathComponent("full").path }
    var fifo: String { directory.appendingPathComponent("fifo").path }

    init() throws {
      directory = try FinderFixtures.temporaryDirectory()
      try #require(mknod(null, S_IFCHR | 0o666, Self.device(1, 3)) == 0, "mknod needs root")
      try #require(mknod(full, S_IFCHR | 0o666, Self.device(1, 7)) == 0)
      try #require(mkfifo(fifo, 0o644) == 0)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// A device number in glibc's encoding (the `makedev` macro is not visible from Swift).
    static func device(_ major: UInt64, _ minor: UInt64) -> dev_t {
      dev_t((major & 0xfff) << 8 | (minor & 0xff) | (minor & ~0xff) << 12 | (major & ~0xfff) << 32)
    }

    /// Whether a path is still a character device.
    func isCharacterDevice(_ path: String) -> Bool {
      var status = stat()
      return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR
    }

    /// Files left in the folder whose names look like temporary outputs.
    var leftovers: [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasSuffix(".tmp") }
    }
  }

  static func track(in directory: URL) throws -> String {
    try FinderFixtures.walkPrefix(60, in: directory).path
  }

  @Test func aDeviceIsWrittenNotReplaced() throws {
    let nodes = try Nodes()
    defer { nodes.remove() }
    let track = try Self.track(in: nodes.directory)
    let result = try FinderFixtures.forage(["run", "--track", track, "--output", nodes.null])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(nodes.isCharacterDevice(nodes.null))
    let record = try FinderFixtures.forage(["run", "--track", track, "--record", nodes.null])
    #expect(record.status == 0, "\(record.stderr)")
    #expect(nodes.isCharacterDevice(nodes.null))
    #expect(nodes.leftovers.isEmpty)
  }

  @Test func aFIFOIsStreamedTo() throws {
    let nodes = try Nodes()
    defer { nodes.remove() }
    let track = try Self.track(in: nodes.directory)
    let fifo = nodes.fifo
    let reader = BlockingThread { () -> Data in
      let descriptor = open(fifo, O_RDONLY)
      defer { close(descriptor) }
      var data = Data()
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count <= 0 { break }
        data.append(contentsOf: buffer[..<count])
      }
      return data
    }
    let result = try FinderFixtures.forage(["run", "--track", track, "--output", fifo])
    let received = try reader.value()
    #expect(result.status == 0, "\(result.stderr)")
    let plain = try FinderFixtures.forage(["run", "--track", track])
    #expect(String(decoding: received, as: UTF8.self) == plain.stdout)
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func aSymlinkIsFollowedAndItsTargetReplaced() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try Self.track(in: directory)
    let target = directory.appendingPathComponent("target.ndjson")
    try Data("old\n".utf8).write(to: target)
    let link = directory.appendingPathComponent("link.ndjson")
    try FileManager.default.createSymbolicLink(
      atPath: link.path,
      withDestinationPath: "target.ndjson"
    )
    let result = try FinderFixtures.forage(["run", "--track", track, "--output", link.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "target.ndjson")
    let plain = try FinderFixtures.forage(["run", "--track", track])
    #expect(try String(contentsOf: target, encoding: .utf8) == plain.stdout)
  }

  @Test func aFullDeviceIsOneLineAndExit74() throws {
    let nodes = try Nodes()
    defer { nodes.remove() }
    let track = try Self.track(in: nodes.directory)
    let map = nodes.directory.appendingPathComponent("map.html").path
    for arguments in [
      ["run", "--track", track, "--output", nodes.full],
      ["validate", track, "--format", "json"],
      ["--help"],
      ["replay", "--help"],
      // The demo's story goes to standard output: it fails, and the map is not put in place.
      ["demo", "--output", map],
      [
        "nearby", "--places", FinderFixtures.helsinkiPlaces.path, "--at", "60.1699,24.9384",
        "--radius", "300",
      ],
    ] {
      let command = arguments.map { "'\($0)'" }.joined(separator: " ")
      let result = try BuiltBinary.run(
        executable: URL(fileURLWithPath: "/bin/sh"),
        ["-c", "exec '\(BuiltBinary.url("forage").path)' \(command) > '\(nodes.full)'"]
      )
      #expect(result.status == 74, "\(arguments): \(result.stderr)")
      let lines = result.stderr.split(separator: "\n").filter {
        !$0.contains("in-process mock") && !$0.contains("warning:")
      }
      #expect(lines.count == 1, "\(arguments): \(result.stderr)")
      #expect(lines.first?.contains("No space left on device") == true)
      #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("Fatal"))
    }
    #expect(!FileManager.default.fileExists(atPath: map))
  }

  @Test func aClosedStandardOutputIsExit74AndAClosedPipeIsQuiet() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try Self.track(in: directory)
    let forage = BuiltBinary.url("forage").path
    let closed = try BuiltBinary.run(
      executable: URL(fileURLWithPath: "/bin/sh"),
      ["-c", "exec '\(forage)' validate '\(track)' >&-"]
    )
    #expect(closed.status == 74)
    #expect(closed.stderr.contains("cannot write standard output"))
    let piped = try BuiltBinary.run(
      executable: URL(fileURLWithPath: "/bin/bash"),
      ["-c", "'\(forage)' run --track '\(track)' | head -c 10 > /dev/null; echo ${PIPESTATUS[0]}"]
    )
    #expect(piped.stdout == "0\n")
    #expect(!piped.stderr.contains("cannot write"))
  }

  @Test func oneFileForTwoOutputsIsAUsageError() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try Self.track(in: directory)
    let out = directory.appendingPathComponent("out.ndjson").path
    let sameViaDots = directory.appendingPathComponent("sub/../out.ndjson").path
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("sub"),
      withIntermediateDirectories: true
    )
    let result = try FinderFixtures.forage([
      "run", "--track", track, "--output", out, "--record", sameViaDots,
    ])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--output and --record name the same file"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// SQLite deletes the files it keeps beside a places cache (its log, shared memory and
  /// journal): an output named as one of them was written, exit 0, then deleted.
  @Test(arguments: ["--output", "--record"], ["-wal", "-shm", "-journal"])
  func anOutputThatIsAPlacesCacheSideFileIsAUsageError(option: String, suffix: String) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try Self.track(in: directory)
    let cache = directory.appendingPathComponent("places.sqlite").path
    let result = try FinderFixtures.forage([
      "run", "--track", track, "--places-cache", cache, option, cache + suffix,
    ])
    #expect(result.status == 64)
    #expect(
      result.stderr.contains("--places-cache's \(suffix) file and \(option) name the same file"),
      "\(result.stderr)"
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
  }

  /// A read-only file of another user, in a folder the user may write, is not replaced: the
  /// rename replaced it where `>` would not have written it (found by a hostile test). Run as
  /// `nobody`, so only where the tests run as root (as CI does).
  @Test(.enabled(if: geteuid() == 0))
  func aFileTheUserMayNotWriteIsNotReplaced() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try Self.track(in: directory)
    let output = directory.appendingPathComponent("theirs.ndjson")
    try Data("theirs\n".utf8).write(to: output)
    chmod(output.path, 0o444)
    let nobody = try #require(getpwnam("nobody")).pointee
    chown(directory.path, nobody.pw_uid, nobody.pw_gid)
    chown(track, nobody.pw_uid, nobody.pw_gid)
    let result = try FinderFixtures.shell(
      "setpriv --reuid=nobody --regid=\(nobody.pw_gid) --clear-groups \"$F\" run --track "
        + "'\(track)' --output '\(output.path)'",
      in: directory
    )
    #expect(result.status == 74, "\(result.stderr)")
    #expect(result.stderr.contains("cannot write \(output.path): Permission denied"))
    #expect(try String(contentsOf: output, encoding: .utf8) == "theirs\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 2)
  }

  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func aSignalRemovesTemporaryFilesAndKeepsTheOldOutput(_ signal: Int32) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out.ndjson")
    let record = directory.appendingPathComponent("run.recording")
    try Data("old output\n".utf8).write(to: output)
    let process = Process()
    process.executableURL = BuiltBinary.url("forage")
    // Paced in real time, the hour-long walk is still running when the signal comes.
    process.arguments = [
      "run", "--track", FinderFixtures.walk.path, "--realtime", "--output", output.path,
      "--record", record.path,
    ]
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait (bounded) until both temporary files exist, so the signal meets a run in progress.
    let deadline = ContinuousClock.now + .seconds(60)
    func temporaries() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasSuffix(".tmp") }
    }
    while temporaries().count < 2 && ContinuousClock.now < deadline {
      usleep(10_000)
    }
    try #require(temporaries().count == 2)
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(process.terminationStatus == 128 + signal)
    #expect(temporaries().isEmpty)
    #expect(try String(contentsOf: output, encoding: .utf8) == "old output\n")
    #expect(!FileManager.default.fileExists(atPath: record.path))
  }

  @Test func anOutputThatIsAStandardStreamsFileIsAUsageError() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = try Data(contentsOf: directory.appendingPathComponent("walk.gpx"))
    let appended = try FinderFixtures.shell(
      "\"$F\" run --track walk.gpx >> walk.gpx; echo $?",
      in: directory
    )
    #expect(appended.stdout.hasSuffix("64\n"), "\(appended.stderr)")
    #expect(try Data(contentsOf: directory.appendingPathComponent("walk.gpx")) == before)
    for option in ["--record", "--places-cache"] {
      let stdout = try FinderFixtures.shell(
        "\"$F\" run --track walk.gpx \(option) /proc/self/fd/1 > both.txt; echo $? >&2",
        in: directory
      )
      #expect(stdout.stderr.hasSuffix("64\n"), "\(option): \(stdout.stderr)")
    }
    let stderr = try FinderFixtures.shell(
      "\"$F\" run --track walk.gpx --record /proc/self/fd/2 2> e.txt > /dev/null; echo $?",
      in: directory
    )
    #expect(stderr.stdout == "64\n")
    // Standard output and standard error may share a file: messages and events interleave.
    let shared = try FinderFixtures.shell(
      "\"$F\" run --track walk.gpx > log 2>&1; echo $?",
      in: directory
    )
    #expect(shared.stdout == "0\n")
  }
}

/// Messages about files are the system's words, never Foundation's.
@Suite struct FileMessageTests {
  @Test func aMissingRecordingSaysSo() throws {
    let result = try FinderFixtures.forage(["replay", "/nonexistent/run.recording"])
    #expect(result.status == 74)
    #expect(
      result.stderr == "forage: cannot read /nonexistent/run.recording: No such file or directory\n"
    )
  }

  @Test func controlCharactersAreNeverEchoedRaw() throws {
    let result = try FinderFixtures.forage(["replay", "/nonexistent/\u{1B}[31mred"])
    #expect(result.status == 74)
    #expect(!result.stderr.contains("\u{1B}"))
    #expect(result.stderr.contains("\\u{1b}[31mred"))
  }
}
