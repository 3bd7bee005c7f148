import ArgumentParser
import ForageCommandLine
import ForagePlaceDataset
import ForageSupport
import Foundation
import MockPlaces

#if canImport(Glibc)
  import Glibc
#endif

/// The `mock-places` executable: a local stand-in for Google's Places web service.
@main
struct MockPlacesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mock-places",
    abstract: "Serve a GeoJSON places dataset with Google's Nearby Search wire formats.",
    discussion: """
      Serves legacy Nearby Search (GET /maps/api/place/nearbysearch/json), Places API (New) \
      (POST /v1/places:searchNearby) and Overpass (POST /api/interpreter) over the dataset, \
      with admin endpoints under /__admin/. \
      Prints "listening on http://HOST:PORT" as its first line, then serves until SIGINT or \
      SIGTERM and exits 0.
      """,
    version: "0.1.0"
  )

  @Option(help: ArgumentHelp("A GeoJSON FeatureCollection of Point places.", valueName: "file"))
  var dataset: String

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(
    help: "The port to listen on; 0 lets the system choose. (default: 0)",
    transform: { try NumericOption.wholeNumber($0, from: 0, to: UInt16.max) }
  )
  var port: UInt16 = 0

  @Option(
    name: .customLong("api-key"),
    help: ArgumentHelp("Require this key (`key=` or `X-Goog-Api-Key`).", valueName: "key")
  )
  var apiKey: String?

  @Option(
    name: .customLong("page-token-delay"),
    help: ArgumentHelp("Seconds before a next_page_token becomes valid.", valueName: "seconds")
  )
  var pageTokenDelay = 2.0

  @Option(
    name: .customLong("fault"),
    help: ArgumentHelp(
      "A fault rule such as `http503@every:3` or `reset@next:2` (repeatable).",
      valueName: "spec"
    )
  )
  var faults: [String] = []

  /// Runs like ArgumentParser's own `main`, but a usage error is one line, with the option
  /// meant when one was mistyped, as `forage` says it; exit 64.
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      let code = exitCode(for: error)
      guard code == .validationFailure else { exit(withError: error) }
      let line = OptionSuggestion.usageLine(
        message(for: error),
        arguments: Array(CommandLine.arguments.dropFirst()),
        known: OptionSuggestion.knownOptions(inHelp: helpMessage(columns: 1000))
      )
      printError("\(line) (see 'mock-places --help')")
      Foundation.exit(code.rawValue)
    }
  }

  func validate() throws {
    guard pageTokenDelay.isFinite, pageTokenDelay >= 0, pageTokenDelay <= 3600 else {
      throw ValidationError("--page-token-delay must be between 0 and 3600 seconds")
    }
    if let apiKey, apiKey.isEmpty {
      throw ValidationError("--api-key must not be empty")
    }
    for spec in faults {
      do {
        _ = try FaultRule(parsing: spec)
      } catch {
        throw ValidationError(error.description)
      }
    }
  }

  func run() async throws {
    let places: PlaceDataset
    do {
      places = try PlaceDataset.load(contentsOf: URL(fileURLWithPath: dataset))
    } catch {
      printError(error.description)
      throw ExitCode(error.isUnreadable ? 74 : 65)
    }
    for line in places.report() { printError("warning: \(line)") }
    let server = MockHTTPServer.places(
      dataset: places,
      host: host,
      port: port,
      apiKey: apiKey,
      pageTokenDelay: .milliseconds(Int64((pageTokenDelay * 1000).rounded())),
      faults: faults.compactMap { try? FaultRule(parsing: $0) }
    )
    guard let termination = await Termination.install() else {
      printError("cannot install the SIGINT/SIGTERM handlers")
      throw ExitCode(71)
    }
    do {
      try await server.startListening()
    } catch {
      printError("cannot listen on \(host):\(port): \(error)")
      throw ExitCode(69)
    }
    FileHandle.standardOutput.write(Data("listening on \(server.url.absoluteString)\n".utf8))
    await termination.wait()
    await server.shutdown()
  }
}

/// Writes one line to standard error, prefixed with the program name.
func printError(_ message: String) {
  FileHandle.standardError.write(Data("mock-places: \(message)\n".utf8))
}
