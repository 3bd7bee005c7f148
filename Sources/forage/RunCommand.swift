import ArgumentParser
import ForageFinder
import ForageHTTP
import ForageLocation
import ForagePlaceDataset
import ForageProviders
import ForageResources
import ForageSupport
import ForageTracks
import ForageWriters
import Foundation

/// `forage run`: Replay a track, or follow a live gpsd, and print the places near every fix.
struct RunCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Replay a track, or follow a live gpsd, and print the places near every fix.",
    discussion: """
      Give --track FILE or --gpsd HOST:PORT. A --gpsd run reads gpsd's TPV reports until gpsd \
      closes the connection, --max-fixes fixes were read, or Ctrl-C (SIGINT: the outputs \
      are put in place with the summary; exit 0); a refused or dropped connection is tried \
      again with backoff (exit 69 when retries run out).
      Without --api-base, the mock Places server is started in-process on 127.0.0.1 with the \
      bundled Helsinki dataset (or --dataset). Output is NDJSON by default: one event a line, \
      each with "event", "seq" and "time"; the last is a "summary". The same inputs give the \
      same bytes. The API key is read from the environment variable --api-key-env names and \
      never printed.
      Exit codes: 0 done, 64 usage, 65 bad track, 69 places API or gpsd unusable, 74 I/O \
      (or a resource limit too low), 128 + N ended by signal N (old outputs kept).
      """
  )

  @OptionGroup var source: SourceArguments

  @OptionGroup var finder: FinderArguments

  @Option(help: ArgumentHelp("ndjson, json, geojson, table or html.", valueName: "format"))
  var format: OutputFormat = .ndjson

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Write the output to this file, atomically.", valueName: "file")
  )
  var output: String?

  func validate() throws {
    try source.validate(with: finder)
  }

  func run() async throws {
    _ = try await source.run(
      finder: finder,
      options: finder.options,
      format: format,
      output: output
    )
  }
}
