import ForageTestSupport
import Foundation
import Testing

/// Every path option takes any name a shell can pass, and refuses, touching nothing, the names
/// that cannot be its file; an output never overwrites an input however it is spelt. A
/// generator: every output option of every command, with every spelling.
@Suite struct PathSpellingTests {
  /// A command with one output option, run in a folder of its own.
  struct OutputOption: Sendable, CustomTestStringConvertible {
    var name: String
    /// The command's arguments with the output path `path`; the folder holds `walk.gpx` and
    /// `run.actions`.
    var arguments: @Sendable (_ path: String) -> [String]
    /// Whether a device can stand for it (an SQLite file cannot).
    var takesDevices = true
    var testDescription: String { name }
  }

  static let outputs: [OutputOption] = [
    OutputOption(name: "run --output") { ["run", "--track", "walk.gpx", "--output", $0] },
    OutputOption(name: "run --record") { ["run", "--track", "walk.gpx", "--record", $0] },
    OutputOption(
      name: "run --places-cache",
      arguments: {
        ["run", "--track", "walk.gpx", "--places-cache", $0]
      },
      takesDevices: false
    ),
    OutputOption(name: "replay --output") { ["replay", "run.actions", "--output", $0] },
  ]

  /// Names that are files to write: each must work.
  static let goodNames = [
    "o", "./o2", "sub/../o3", "with space.out", "ünïcødé-名前.out", "-o-dash",
    String(repeating: "a", count: 255), String(repeating: "é", count: 127) + "x",
    String(repeating: "c", count: 247),
  ]

  /// A work folder (``FinderFixtures/workFolder(points:)``) with an empty `sub` folder.
  static func folder() throws -> URL {
    let directory = try FinderFixtures.workFolder()
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("sub"),
      withIntermediateDirectories: true
    )
    return directory
  }

  /// Whether the only non-mock lines on standard error are fewer than two.
  static func isAtMostOneLine(_ stderr: String) -> Bool {
    stderr.split(separator: "\n").filter { !$0.contains("in-process mock") }.count <= 1
  }

  static func names(in directory: URL) -> Set<String> {
    Set((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
  }

  @Test(arguments: outputs)
  func everyNameAShellCanPassIsWritten(option: OutputOption) throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in Self.goodNames {
      // SQLite keeps "NAME-journal" beside a places cache: its name has 8 bytes less room.
      if option.name == "run --places-cache", name.utf8.count > 247 { continue }
      let result = try FinderFixtures.forage(option.arguments(name), in: directory)
      #expect(result.status == 0, "\(option.name) \(name): \(result.stderr)")
      #expect(!result.stderr.contains("Fatal") && !result.stderr.contains("Backtrac"))
      let written = directory.appendingPathComponent(name).path
      #expect(FileManager.default.fileExists(atPath: written), "\(option.name) \(name)")
      #expect(!Self.names(in: directory).contains { $0.hasSuffix(".tmp") }, "\(name)")
    }
  }

  @Test(arguments: outputs)
  func namesThatCannotBeAFileAreExit74AndTouchNothing(option: OutputOption) throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fileManager = FileManager.default
    try fileManager.createDirectory(
      at: directory.appendingPathComponent("adir"),
      withIntermediateDirectories: true
    )
    try fileManager.createSymbolicLink(
      atPath: directory.appendingPathComponent("loop").path,
      withDestinationPath: "loop"
    )
    try fileManager.createSymbolicLink(
      atPath: directory.appendingPathComponent("ping").path,
      withDestinationPath: "pong"
    )
    try fileManager.createSymbolicLink(
      atPath: directory.appendingPathComponent("pong").path,
      withDestinationPath: "ping"
    )
    let before = Self.names(in: directory)
    for name in [
      "out.ndjson/", "adir", "adir/", "loop", "ping", "missing-folder/out",
      String(repeating: "b", count: 256), "walk.gpx/x",
    ] {
      let result = try FinderFixtures.forage(option.arguments(name), in: directory)
      #expect(result.status == 74, "\(option.name) \(name): \(result.stderr)")
      #expect(Self.isAtMostOneLine(result.stderr), "\(option.name) \(name): \(result.stderr)")
      #expect(Self.names(in: directory) == before, "\(option.name) \(name) touched the folder")
      var status = stat()
      #expect(lstat(directory.appendingPathComponent("loop").path, &status) == 0)
      #expect(status.st_mode & S_IFMT == S_IFLNK, "the loop is still a link")
    }
  }

  @Test(arguments: outputs)
  func aLinkToNothingIsFollowedAndADeviceWrittenNotReplaced(option: OutputOption) throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let link = directory.appendingPathComponent("dangling").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.out")
    let result = try FinderFixtures.forage(option.arguments("dangling"), in: directory)
    #expect(result.status == 0, "\(option.name): \(result.stderr)")
    #expect(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("target.out").path)
    )
    var status = stat()
    #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    guard option.takesDevices else { return }
    let null = directory.appendingPathComponent("null").path
    try #require(mknod(null, S_IFCHR | 0o666, OutputSafetyTests.Nodes.device(1, 3)) == 0)
    let toDevice = try FinderFixtures.forage(option.arguments("null"), in: directory)
    #expect(toDevice.status == 0, "\(option.name): \(toDevice.stderr)")
    #expect(lstat(null, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
  }

  @Test func dashIsStandardOutputAndTwoOutputsCannotShareIt() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let plain = try FinderFixtures.forage(["run", "--track", "walk.gpx"], in: directory)
    let dash = try FinderFixtures.forage(
      ["run", "--track", "walk.gpx", "--output", "-"],
      in: directory
    )
    #expect(dash.status == 0 && dash.stdout == plain.stdout)
    let record = try FinderFixtures.forage(
      ["run", "--track", "walk.gpx", "--output", "o.ndjson", "--record", "-"],
      in: directory
    )
    #expect(record.status == 0, "\(record.stderr)")
    #expect(record.stdout.hasPrefix("{\"attribution\""))
    #expect(record.stdout.contains("\"forage_recording\":2}\n"))
    let both = try FinderFixtures.forage(
      ["run", "--track", "walk.gpx", "--record", "-"],
      in: directory
    )
    #expect(both.status == 64, "\(both.stderr)")
    let replay = try FinderFixtures.forage(
      ["replay", "run.actions", "--output", "-"],
      in: directory
    )
    #expect(replay.status == 0 && replay.stdout == plain.stdout, "\(replay.stderr)")
  }

  @Test func anOutputNamingAnInputIsAUsageErrorHoweverSpelt() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fileManager = FileManager.default
    let track = directory.appendingPathComponent("walk.gpx")
    try fileManager.createSymbolicLink(
      atPath: directory.appendingPathComponent("link.gpx").path,
      withDestinationPath: "walk.gpx"
    )
    try fileManager.linkItem(at: track, to: directory.appendingPathComponent("hard.gpx"))
    let trackBytes = try Data(contentsOf: track)
    let placesBytes = try Data(contentsOf: directory.appendingPathComponent("places.geojson"))
    let recordingBytes = try Data(contentsOf: directory.appendingPathComponent("run.actions"))
    var cases: [[String]] = []
    for option in ["--output", "--record", "--places-cache"] {
      for spelling in ["walk.gpx", "./walk.gpx", "sub/../walk.gpx", "link.gpx", "hard.gpx"] {
        cases.append(["run", "--track", "walk.gpx", option, spelling])
      }
      cases.append([
        "run", "--track", "walk.gpx", "--dataset", "places.geojson", option, "places.geojson",
      ])
      cases.append([
        "run", "--track", "walk.gpx", "--permission", "scenario.json", option, "./scenario.json",
      ])
    }
    cases.append([
      "run", "--track", "walk.gpx", "--places-cache", "c.sqlite", "--output", "c.sqlite",
    ])
    cases.append(["replay", "run.actions", "--output", "./run.actions"])
    cases.append(["replay", "sub/../run.actions", "--output", "run.actions"])
    for arguments in cases {
      let result = try FinderFixtures.forage(arguments, in: directory)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(Self.isAtMostOneLine(result.stderr), "\(arguments): \(result.stderr)")
      #expect(try Data(contentsOf: track) == trackBytes, "\(arguments) changed the track")
    }
    #expect(try Data(contentsOf: directory.appendingPathComponent("places.geojson")) == placesBytes)
    #expect(
      try Data(contentsOf: directory.appendingPathComponent("run.actions")) == recordingBytes
    )
    #expect(!fileManager.fileExists(atPath: directory.appendingPathComponent("c.sqlite").path))
  }

  @Test func inputNamesThatCannotBeAFileAreExit74() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    for arguments in [
      ["run", "--track", "./walk.gpx/"], ["run", "--track", ""], ["validate", "walk.gpx/"],
      ["validate", ""],
    ] {
      let result = try FinderFixtures.forage(arguments, in: directory)
      #expect(result.status == 74, "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
    }
  }
}
