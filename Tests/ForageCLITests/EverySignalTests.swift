import ForageTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every catchable signal whose default action ends a process, sent in the middle of a run
/// that writes `--output`, `--record` and `--places-cache`: the temporary files are removed,
/// the old outputs kept, the places cache closed (no `-wal` or `-shm` file left beside it), and
/// the exit is 128 + the signal's number, as GNU sort does.
@Suite struct EverySignalTests {
  /// Signals 1 to 31 whose default action ends the process and that can be caught: all but
  /// SIGKILL and SIGSTOP (uncatchable), the ones ignored or stopping by default (SIGCHLD,
  /// SIGCONT, SIGTSTP, SIGTTIN, SIGTTOU, SIGURG, SIGWINCH), the program's own faults (SIGILL,
  /// SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGSYS), which no tool cleans up after, and
  /// SIGPIPE, which SwiftNIO ignores for the whole process (see the test below).
  static let endingSignals: [Int32] = (1...31).filter {
    ![
      SIGKILL, SIGSTOP, SIGCHLD, SIGCONT, SIGTSTP, SIGTTIN, SIGTTOU, SIGURG, SIGWINCH,
      SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGSYS, SIGPIPE,
    ].contains($0)
  }

  @Test func theListHoldsTheSignalsTheIssueNames() {
    for signal in [
      SIGINT, SIGTERM, SIGHUP, SIGXCPU, SIGXFSZ, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2,
      SIGVTALRM, SIGPROF,
    ] {
      #expect(Self.endingSignals.contains(signal), "signal \(signal)")
    }
  }

  /// The temporary files (`.NAME.PID.N.tmp`) in `directory`.
  static func temporaries(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
      .filter { $0.hasSuffix(".tmp") }
  }

  @Test(arguments: endingSignals, LiveStopTests.formats)
  func aSignalMidRunRemovesTheTemporaryFilesAndKeepsTheOldOutputs(
    _ signal: Int32,
    format: String
  ) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let old = Data("old output\n".utf8)
    let names = ["out.\(format)", "run.recording"]
    for name in names { try old.write(to: directory.appendingPathComponent(name)) }
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    // Paced in real time, the hour-long walk is still running when the signal comes.
    let child = try TimedChild(
      executable: BuiltBinary.url("forage").path,
      [
        "run", "--track", FinderFixtures.walk.path, "--realtime", "--format", format,
        "--output", path(names[0]), "--record", path(names[1]), "--places-cache",
        path("places.sqlite"),
      ],
      in: directory
    )
    // Wait (bounded) until both temporary files exist and the places API is started (after the
    // cache is open), so the signal meets a run in progress.
    let deadline = ContinuousClock.now + .seconds(60)
    while Self.temporaries(in: directory).count < 2 && ContinuousClock.now < deadline {
      usleep(10_000)
    }
    try #require(Self.temporaries(in: directory).count == 2, "\(child.stderr)")
    try #require(child.waitForStderr("using the in-process mock", limit: .seconds(60)))
    try #require(FileManager.default.fileExists(atPath: path("places.sqlite-wal")))
    child.send(signal)
    let status = try child.wait(limit: .seconds(30))
    #expect(status == 128 + signal, "signal \(signal), \(format): \(child.stderr)")
    #expect(Self.temporaries(in: directory).isEmpty, "signal \(signal), \(format)")
    // The cache was closed: it left its searches in the file, not in a log beside it.
    let left = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    #expect(
      !left.contains { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") },
      "signal \(signal), \(format): \(left)"
    )
    for name in names {
      #expect(
        try Data(contentsOf: directory.appendingPathComponent(name)) == old,
        "signal \(signal): \(name)"
      )
    }
    #expect(
      Self.messages(child.stderr).isEmpty,
      "signal \(signal), \(format): \(child.stderr)"
    )
  }

  /// Standard error's lines but the in-process mock's notice.
  static func messages(_ stderr: String) -> [Substring] {
    stderr.split(separator: "\n").filter { !$0.hasPrefix("forage: using the in-process mock") }
  }

  /// A SIGPIPE sent with `kill` is ignored (SwiftNIO ignores it for the process, and a write
  /// to a closed pipe is an `EPIPE` the writers handle): the run goes on, ends as it would
  /// have, and leaves no temporary file.
  @Test func aSIGPIPEMidRunLeavesNoTemporaryFile() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    let track = try FinderFixtures.walkPrefix(3, in: directory).path
    let child = try TimedChild(
      executable: BuiltBinary.url("forage").path,
      [
        "run", "--track", track, "--realtime", "--output", path("out.ndjson"), "--record",
        path("run.recording"), "--places-cache", path("places.sqlite"),
      ],
      in: directory
    )
    let deadline = ContinuousClock.now + .seconds(60)
    while Self.temporaries(in: directory).count < 2 && ContinuousClock.now < deadline {
      usleep(10_000)
    }
    for _ in 1...5 { child.send(SIGPIPE) }
    let status = try child.wait(limit: .seconds(60))
    #expect(status == 0, "\(child.stderr)")
    #expect(Self.temporaries(in: directory).isEmpty)
    let output = try String(contentsOfFile: path("out.ndjson"), encoding: .utf8)
    #expect(output.split(separator: "\n").last?.contains(#""event":"summary""#) == true)
  }
}
