import ForageTestSupport
import Foundation
import Testing

/// An API that refuses the key says which variable to set: every provider that needs a key x
/// every way `forage run` reads fixes x every way the key can be missing or wrong, against the
/// mock server requiring a key. Overpass needs none and never asks for one.
@Suite struct APIKeyAdviceTests {
  static let key = "mock-key-0123456789"

  /// How the key reaches forage, and what its message must say.
  struct KeyCase: Sendable, CustomStringConvertible {
    var description: String
    /// Extra arguments (`--api-key-env`).
    var arguments: [String]
    /// The environment.
    var environment: [String: String]
    /// The variable the message must name.
    var variable: String
    /// Whether a key was sent (then the message says it was refused, not to set one).
    var sendsKey: Bool
  }

  static let keyCases = [
    KeyCase(
      description: "unset",
      arguments: [],
      environment: [:],
      variable: "PLACES_API_KEY",
      sendsKey: false
    ),
    KeyCase(
      description: "empty",
      arguments: [],
      environment: ["PLACES_API_KEY": ""],
      variable: "PLACES_API_KEY",
      sendsKey: false
    ),
    KeyCase(
      description: "another variable, unset",
      arguments: ["--api-key-env", "MY_PLACES_KEY"],
      environment: ["PLACES_API_KEY": key],
      variable: "MY_PLACES_KEY",
      sendsKey: false
    ),
    KeyCase(
      description: "wrong",
      arguments: [],
      environment: ["PLACES_API_KEY": "wrong-key-987654321"],
      variable: "PLACES_API_KEY",
      sendsKey: true
    ),
    KeyCase(
      description: "another variable, wrong",
      arguments: ["--api-key-env", "MY_PLACES_KEY"],
      environment: ["MY_PLACES_KEY": "wrong-key-987654321"],
      variable: "MY_PLACES_KEY",
      sendsKey: true
    ),
  ]

  /// The ways `forage run` reads fixes: a file, standard input, a live gpsd.
  enum Source: String, CaseIterable, Sendable {
    case file, standardInput, gpsd
  }

  /// Runs the built forage against `server`, with a time limit (SIGKILL after two minutes).
  static func run(
    provider: String,
    source: Source,
    keyCase: KeyCase,
    server: MockPlacesProcess,
    track: URL
  ) throws -> BinaryResult {
    var arguments = [
      "run", "--provider", provider, "--api-base",
      server.url.absoluteString, "--network-time", "virtual", "--limit", "3",
    ]
    var stdin = Data()
    var gpsd: FakeGPSD?
    switch source {
    case .file: arguments += ["--track", track.path]
    case .standardInput:
      arguments += ["--track", "-"]
      stdin = try Data(contentsOf: track)
    case .gpsd:
      let fake = try FakeGPSD([.init(lines: GPSDRunTests.preamble + GPSDRunTests.tpvs(3))])
      arguments += ["--gpsd", "127.0.0.1:\(fake.port)"]
      gpsd = fake
    }
    defer { _ = gpsd }
    var environment = ["PLACES_API_KEY": "", "MY_PLACES_KEY": ""]
    environment.merge(keyCase.environment) { $1 }
    return try FinderFixtures.forage(
      arguments + keyCase.arguments,
      stdin: stdin,
      environment: environment,
      limit: .seconds(120)
    )
  }

  @Test(arguments: ["google-legacy", "places-new"], Source.allCases)
  func aRefusedKeyNamesTheVariableToSet(provider: String, source: Source) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 60, count: 5, in: directory)
    let server = try MockPlacesProcess(
      dataset: FinderFixtures.helsinkiPlaces,
      arguments: ["--api-key", Self.key]
    )
    defer { server.stop() }
    for keyCase in Self.keyCases {
      let result = try Self.run(
        provider: provider,
        source: source,
        keyCase: keyCase,
        server: server,
        track: track
      )
      let context = "\(provider) \(source) key \(keyCase)"
      #expect(result.status == 69, "\(context): \(result.stderr)")
      let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
      #expect(last.contains("environment variable \(keyCase.variable)"), "\(context): \(last)")
      if keyCase.sendsKey {
        #expect(last.contains("was refused"), "\(context): \(last)")
        #expect(!result.stderr.contains("wrong-key-987654321"), "\(context): the key was printed")
      } else {
        #expect(last.contains("needs an API key: set"), "\(context): \(last)")
      }
    }
  }

  /// Overpass needs no key: against the same mock it runs, and nothing asks for a key.
  @Test(arguments: Source.allCases)
  func overpassNeedsNoKey(source: Source) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 60, count: 5, in: directory)
    let server = try MockPlacesProcess(
      dataset: FinderFixtures.helsinkiPlaces,
      arguments: ["--api-key", Self.key]
    )
    defer { server.stop() }
    let result = try Self.run(
      provider: "overpass",
      source: source,
      keyCase: Self.keyCases[0],
      server: server,
      track: track
    )
    #expect(result.status == 0, "\(source): \(result.stderr)")
    #expect(!result.stderr.contains("PLACES_API_KEY"))
  }

  /// A name no shell can set is refused before any request, naming the option (it was sent
  /// keyless, then "set the environment variable  to it", exit 69): every such name x every
  /// command that reads a key.
  @Test(arguments: ["", " ", "A=B", "1BAD", "PLACES_API_KEY ", "KEY-1", "é", "$X", "A\tB"])
  func aNameNoShellCanSetIsAUsageError(name: String) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 100, count: 3, in: directory).path
    for command in [["run", "--track", track], ["watch", "--track", track]] {
      let result = try FinderFixtures.forage(
        command + ["--api-key-env", name],
        in: directory,
        environment: ["PLACES_API_KEY": Self.key]
      )
      #expect(result.status == 64, "\(command[0]) \(name): \(result.stderr)")
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1 && lines[0].contains("--api-key-env must name"), "\(lines)")
    }
  }
}
