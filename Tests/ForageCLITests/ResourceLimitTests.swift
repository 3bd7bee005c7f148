import ForageTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `forage` under resource limits (`prlimit`, as `ulimit` sets them): below what its heaviest
/// run needs, one line naming the limit and exit 74 before anything starts; from there up, the
/// run works. A write past `ulimit -f` and a CPU limit's SIGXCPU end the run with its temporary
/// files removed and the old outputs kept. Never a crash, never a hang.
@Suite struct ResourceLimitTests {
  /// The processors, as `forage` counts them for its minimums.
  static let processors = rlim_t(ProcessInfo.processInfo.processorCount)
  /// The open files `forage` asks for: 64 and 3 a processor.
  static let minimumOpenFiles = 64 + 3 * processors
  /// The address space `forage` asks for, in MiB: 256 and 576 a processor.
  static let minimumAddressSpace = 256 + 576 * processors

  /// How a run's fixes come: a track, or a live gpsd that sends them and closes.
  enum Source: String, CaseIterable, CustomTestStringConvertible {
    case track, gpsd
    var testDescription: String { rawValue }
  }

  /// A folder with old outputs, and a run's arguments into it: the heaviest (the in-process
  /// mock, `--output`, `--record`, `--places-cache`, `--notify-url` and `--log-level trace`),
  /// or only `--output` and `--record`.
  struct HeavyRun {
    let directory: URL
    let arguments: [String]
    let old = Data("old output\n".utf8)
    private let notify: ScriptedHTTPServer
    private let gpsd: FakeGPSD?

    init(_ source: Source, isHeaviest: Bool = true) throws {
      directory = try FinderFixtures.temporaryDirectory()
      notify = try ScriptedHTTPServer(body: "{}")
      let input: [String]
      switch source {
      case .track:
        gpsd = nil
        input = ["--track", try FinderFixtures.walkPrefix(300, in: directory).path]
      case .gpsd:
        let server = try FakeGPSD([
          .init(lines: GPSDRunTests.preamble + (1...40).map { GPSDAgreementTests.tpv($0) })
        ])
        gpsd = server
        input = ["--gpsd", "127.0.0.1:\(server.port)"]
      }
      for name in ["out.ndjson", "run.recording"] {
        try old.write(to: directory.appendingPathComponent(name))
      }
      let outputs = [
        "--output", directory.appendingPathComponent("out.ndjson").path,
        "--record", directory.appendingPathComponent("run.recording").path,
      ]
      let heaviest = [
        "--places-cache", directory.appendingPathComponent("places.sqlite").path,
        "--notify-url", "http://127.0.0.1:\(notify.port)/n", "--log-level", "trace",
      ]
      arguments = ["run"] + input + outputs + (isHeaviest ? heaviest : [])
    }

    /// Runs `forage` under `prlimit` with `limits` (such as `--nofile=12:12`).
    func run(_ limits: [String]) throws -> (status: Int32?, stderr: String) {
      try run(limits, inheriting: 0)
    }

    /// Runs `forage` under `prlimit` with `limits`, started by bash that first closes every
    /// descriptor beyond the standard three (another test's socket or pipe, made without
    /// close-on-exec while this child was spawned, would count against the limit too), then
    /// leaves `inherited` more open (as a parent that opened files without close-on-exec does).
    func run(
      _ limits: [String],
      inheriting inherited: Int
    ) throws -> (
      status: Int32?, stderr: String
    ) {
      let closes =
        "for f in /proc/self/fd/*; do n=${f##*/}; "
        + "if [ \"$n\" -gt 2 ]; then eval \"exec $n<&-\" 2>/dev/null; fi; done"
      let opens = (0..<inherited).map { "\($0 + 10)</dev/null" }.joined(separator: " ")
      let command =
        (["/usr/bin/prlimit"] + limits + ["--", BuiltBinary.url("forage").path]
        + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
      let child = try TimedChild(
        executable: "/bin/bash",
        ["-c", "\(closes); exec \(opens); exec \(command)"],
        in: directory
      )
      return (try child.wait(limit: .seconds(60)), child.stderr)
    }

    /// The old outputs are as they were, and no temporary file is left.
    func keptOldOutputs() throws -> Bool {
      try ["out.ndjson", "run.recording"].allSatisfy {
        try Data(contentsOf: directory.appendingPathComponent($0)) == old
      } && EverySignalTests.temporaries(in: directory).isEmpty
    }

    /// The new outputs are in place, and no temporary file is left.
    func madeNewOutputs() throws -> Bool {
      try ["out.ndjson", "run.recording"].allSatisfy {
        try Data(contentsOf: directory.appendingPathComponent($0)) != old
      } && EverySignalTests.temporaries(in: directory).isEmpty
    }

    /// Stops the servers and removes the folder. A fake gpsd that `forage` never reached
    /// (it refused to start) is reached here, so that it ends.
    func remove() {
      notify.close()
      if let gpsd {
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(gpsd.port).bigEndian
        _ = withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
          }
        }
        close(client)
        _ = try? gpsd.commands()
      }
      try? FileManager.default.removeItem(at: directory)
    }
  }

  /// The lines of standard error that are not the trace log's or a notice (the mock's
  /// address, gpsd's connection).
  static func messages(_ stderr: String) -> [Substring] {
    stderr.split(separator: "\n").filter {
      $0.hasPrefix("forage: ") && !$0.hasPrefix("forage: using the in-process mock")
        && !($0.hasPrefix("forage: gpsd ") && $0.contains(": connected to "))
    }
  }

  @Test(arguments: Source.allCases)
  func everyOpenFilesLimitIsARunOrOneLine(source: Source) throws {
    let minimum = Self.minimumOpenFiles
    // Below 4 the dynamic loader cannot open the libraries: no program starts.
    for limit in [4, 8, 12, 16, 20, 32, 44, minimum - 1] {
      let run = try HeavyRun(source)
      defer { run.remove() }
      let result = try run.run(["--nofile=\(limit):\(limit)"])
      #expect(result.status == 74, "ulimit -n \(limit): \(result.stderr)")
      #expect(
        result.stderr
          == "forage: the open-files limit (ulimit -n) is \(limit); forage needs at least "
          + "\(minimum)\n",
        "ulimit -n \(limit)"
      )
      #expect(try run.keptOldOutputs(), "ulimit -n \(limit)")
    }
    // From the minimum up, and with any soft limit under a hard one high enough (it is raised).
    for limits in [
      "\(minimum):\(minimum)", "\(minimum + 1):\(minimum + 1)", "\(2 * minimum):\(2 * minimum)",
      "1024:1024", "4:\(minimum)", "12:4096", "20:\(minimum + 7)",
    ] {
      let run = try HeavyRun(source)
      defer { run.remove() }
      let result = try run.run(["--nofile=\(limits)"])
      #expect(result.status == 0, "ulimit -n \(limits): \(Self.messages(result.stderr))")
      #expect(try run.madeNewOutputs(), "ulimit -n \(limits)")
    }
  }

  /// Descriptors a parent left open take from the same limit: the minimum grows by them, and
  /// the line says so; with room for them, the run works.
  @Test(arguments: [1, 3, 20])
  func inheritedDescriptorsCountAgainstTheLimit(inherited: Int) throws {
    let minimum = Self.minimumOpenFiles
    let tight = try HeavyRun(.track)
    defer { tight.remove() }
    let refused = try tight.run(["--nofile=\(minimum):\(minimum)"], inheriting: inherited)
    #expect(refused.status == 74, "\(refused.stderr)")
    #expect(
      refused.stderr
        == "forage: the open-files limit (ulimit -n) is \(minimum); forage needs at least "
        + "\(minimum + rlim_t(inherited)) (\(inherited) held by descriptors it was started with, "
        + "beyond the standard three)\n"
    )
    #expect(try tight.keptOldOutputs())
    let roomy = try HeavyRun(.track)
    defer { roomy.remove() }
    let limit = minimum + rlim_t(inherited)
    let result = try roomy.run(["--nofile=\(limit):\(limit)"], inheriting: inherited)
    #expect(result.status == 0, "\(Self.messages(result.stderr))")
    #expect(try roomy.madeNewOutputs())
  }

  @Test(arguments: Source.allCases)
  func everyAddressSpaceLimitIsARunOrOneLine(source: Source) throws {
    let minimum = Self.minimumAddressSpace
    // Below about 140 MiB (a debug build with PostgresNIO linked) the dynamic loader cannot map
    // the libraries: no program starts.
    for megabytes in [160, 250, 290, 500, 800, minimum - 1] {
      let run = try HeavyRun(source)
      defer { run.remove() }
      let result = try run.run(["--as=\(rlim_t(megabytes) << 20)"])
      #expect(result.status == 74, "ulimit -v \(megabytes) MiB: \(result.stderr)")
      #expect(
        result.stderr
          == "forage: the address-space limit (ulimit -v) is \(megabytes) MiB; forage needs "
          + "at least \(minimum) MiB\n",
        "ulimit -v \(megabytes) MiB"
      )
      #expect(try run.keptOldOutputs(), "ulimit -v \(megabytes) MiB")
    }
    for megabytes in [minimum, minimum + 1, minimum + 100, 2 * minimum, 8192] {
      let run = try HeavyRun(source)
      defer { run.remove() }
      let result = try run.run(["--as=\(rlim_t(megabytes) << 20)"])
      #expect(result.status == 0, "ulimit -v \(megabytes) MiB: \(Self.messages(result.stderr))")
      #expect(try run.madeNewOutputs(), "ulimit -v \(megabytes) MiB")
    }
  }

  @Test(arguments: Source.allCases)
  func aWritePastTheFileSizeLimitIsOneLine(source: Source) throws {
    // Not the heaviest run: its trace log would fill standard error's file (limited too).
    for bytes in [1000, 4096, 16384] {
      let run = try HeavyRun(source, isHeaviest: false)
      defer { run.remove() }
      let result = try run.run(["--fsize=\(bytes)"])
      let messages = Self.messages(result.stderr)
      #expect(result.status == 74, "ulimit -f \(bytes) B: \(messages)")
      #expect(messages.count == 1, "ulimit -f \(bytes) B: \(messages)")
      #expect(
        messages.first.map {
          $0.hasPrefix("forage: cannot write \(run.directory.path)/")
            && $0.hasSuffix(": File too large")
        } == true,
        "ulimit -f \(bytes) B: \(messages)"
      )
      #expect(try run.keptOldOutputs(), "ulimit -f \(bytes) B")
    }
    let run = try HeavyRun(source, isHeaviest: false)
    defer { run.remove() }
    let result = try run.run(["--fsize=\(100 << 20)"])
    #expect(result.status == 0, "\(Self.messages(result.stderr))")
    #expect(try run.madeNewOutputs())
  }

  @Test func aWritePastTheFileSizeLimitOnStandardOutputIsOneLine() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(300, in: directory).path
    for bytes in [256, 1000, 4096, 16384] {
      // Standard output is a file in `directory` (the child's), so the limit applies to it.
      let child = try TimedChild(
        executable: "/usr/bin/prlimit",
        ["--fsize=\(bytes)", "--", BuiltBinary.url("forage").path, "run", "--track", track],
        in: directory
      )
      let status = try child.wait(limit: .seconds(60))
      let messages = Self.messages(child.stderr)
      #expect(status == 74, "ulimit -f \(bytes) B: \(messages)")
      #expect(messages == ["forage: cannot write standard output: File too large"])
    }
  }

  /// Every command's help, written on the main thread, past the limit: one line and 74, never
  /// SIGXFSZ's core dump (the writes of a run happen on threads that block it; the help's did
  /// not).
  @Test(arguments: ["", "run", "watch", "demo", "validate", "nearby", "replay"])
  func helpPastTheFileSizeLimitIsOneLine(command: String) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for bytes in [100, 500] {
      let child = try TimedChild(
        executable: "/usr/bin/prlimit",
        ["--fsize=\(bytes)", "--", BuiltBinary.url("forage").path]
          + (command.isEmpty ? [] : [command]) + ["--help"],
        in: directory
      )
      let status = try child.wait(limit: .seconds(60))
      #expect(status == 74, "forage \(command) --help, ulimit -f \(bytes) B")
      #expect(child.stderr == "forage: cannot write standard output: File too large\n")
    }
  }

  /// A track of `count` fixes a second apart, back and forth along a street in Helsinki.
  static func longTrack(_ count: Int, in directory: URL) throws -> URL {
    var text = #"<?xml version="1.0"?><gpx version="1.1" creator="t"><trk><trkseg>"# + "\n"
    for index in 0..<count {
      let step = Double(index % 400 < 200 ? index % 400 : 400 - index % 400)
      let time = Date(timeIntervalSince1970: 1_767_225_600 + Double(index))
      text +=
        #"<trkpt lat="\#(60.16 + step * 0.00002)" lon="24.93">"#
        + "<time>\(time.formatted(.iso8601))</time></trkpt>\n"
    }
    text += "</trkseg></trk></gpx>\n"
    let url = directory.appendingPathComponent("long-\(count).gpx")
    try Data(text.utf8).write(to: url)
    return url
  }

  @Test func aCPULimitsSIGXCPURemovesTheTemporaryFiles() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try Self.longTrack(50_000, in: directory).path
    // The kernel sends SIGXCPU at the soft limit, every second until the hard one's SIGKILL
    // (which nothing can catch: at soft = hard it comes first).
    for limits in ["1:2", "1:3", "1:10"] {
      let old = Data("old output\n".utf8)
      let output = directory.appendingPathComponent("out.ndjson")
      let record = directory.appendingPathComponent("run.recording")
      try old.write(to: output)
      try old.write(to: record)
      let child = try TimedChild(
        executable: "/usr/bin/prlimit",
        [
          "--cpu=\(limits)", "--", BuiltBinary.url("forage").path, "run", "--track", track,
          "--output", output.path, "--record", record.path,
        ],
        in: directory
      )
      let status = try child.wait(limit: .seconds(60))
      #expect(status == 128 + SIGXCPU, "ulimit -t \(limits): \(child.stderr)")
      #expect(EverySignalTests.temporaries(in: directory).isEmpty, "ulimit -t \(limits)")
      #expect(try Data(contentsOf: output) == old && Data(contentsOf: record) == old)
    }
  }
}
