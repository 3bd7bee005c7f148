import ForageTestSupport
import Foundation
import Testing

/// Every input (tracks, datasets, recordings, scenario files) reads from `-` and from a FIFO
/// as from a file: once, with the same output. A generator over every input option.
@Suite struct PipeInputTests {
  /// An input option: the command line with the input named `path`, and the file it reads.
  struct InputOption: Sendable, CustomTestStringConvertible {
    var name: String
    var file: String
    var arguments: @Sendable (_ path: String) -> [String]
    var testDescription: String { name }
  }

  static let inputs: [InputOption] = [
    InputOption(name: "run --track", file: "walk.gpx") { ["run", "--track", $0] },
    InputOption(name: "run --dataset", file: "places.geojson") {
      ["run", "--track", "walk.gpx", "--dataset", $0]
    },
    InputOption(name: "run --permission", file: "scenario.json") {
      ["run", "--track", "walk.gpx", "--permission", $0]
    },
    InputOption(name: "replay", file: "run.actions") { ["replay", $0] },
    InputOption(name: "nearby --places", file: "places.geojson") {
      ["nearby", "--places", $0, "--at", "60.1699,24.9384", "--radius", "300"]
    },
    InputOption(name: "nearby --along", file: "walk.gpx") {
      ["nearby", "--places", "places.geojson", "--along", $0, "--radius", "100"]
    },
    InputOption(name: "validate", file: "walk.gpx") { ["validate", $0] },
  ]

  /// What a command printed, less the line naming its input (validate's report does).
  static func content(_ stdout: String) -> [Substring] {
    stdout.split(separator: "\n").filter { !$0.hasPrefix("file ") }
  }

  @Test(arguments: inputs)
  func standardInputAndAFIFOReadAsTheFileDoes(input: InputOption) throws {
    let directory = try FinderFixtures.workFolder(points: 20)
    defer { try? FileManager.default.removeItem(at: directory) }
    let content = try Data(contentsOf: directory.appendingPathComponent(input.file))
    let expected = try FinderFixtures.forage(input.arguments(input.file), in: directory)
    try #require(expected.status == 0, "\(input.name): \(expected.stderr)")

    let piped = try FinderFixtures.forage(input.arguments("-"), in: directory, stdin: content)
    #expect(piped.status == 0, "\(input.name) -: \(piped.stderr)")
    #expect(Self.content(piped.stdout) == Self.content(expected.stdout), "\(input.name) -")

    let fifo = directory.appendingPathComponent("input.fifo").path
    try #require(mkfifo(fifo, 0o600) == 0)
    // The writer opens the FIFO once and writes once: a second read would wait for ever.
    let writer = BlockingThread {
      let descriptor = open(fifo, O_WRONLY)
      defer { close(descriptor) }
      _ = content.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
    let fromFIFO = try FinderFixtures.forage(input.arguments("input.fifo"), in: directory)
    // A command that never read the FIFO must not leave the writer waiting: read it dry.
    let drain = open(fifo, O_RDONLY | O_NONBLOCK)
    _ = fcntl(drain, F_SETFL, 0)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while read(drain, &buffer, buffer.count) > 0 {}
    close(drain)
    try writer.value()
    #expect(fromFIFO.status == 0, "\(input.name) FIFO: \(fromFIFO.stderr)")
    #expect(
      Self.content(fromFIFO.stdout) == Self.content(expected.stdout),
      "\(input.name) FIFO"
    )
  }

  @Test func twoInputsCannotBothReadStandardInput() throws {
    let directory = try FinderFixtures.workFolder(points: 20)
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try FinderFixtures.forage(
      ["run", "--track", "-", "--dataset", "-"],
      in: directory,
      stdin: Data("x".utf8)
    )
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
  }
}
