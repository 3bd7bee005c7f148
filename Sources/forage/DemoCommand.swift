import ArgumentParser
import ForageFinder
import ForageGeo
import ForagePlaces
import ForageResources
import Foundation

/// `forage demo`: Replay the bundled Helsinki walk against the in-process mock Places server.
struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Replay the bundled Helsinki walk against the in-process mock Places server.",
    discussion: """
      A 65-minute, 1 Hz walk through central Helsinki (Rautatientori, Senate Square, \
      Esplanadi, Kamppi, Töölönlahti, Kruununhaka) against 427 real eating places from \
      OpenStreetMap, served by the mock Places server on 127.0.0.1. Prints a table row each \
      time the answer changes (--format ndjson prints every event), then a summary. Accepts \
      the options of forage run.
      """
  )

  @OptionGroup var finder: FinderArguments

  @Option(help: ArgumentHelp("table, ndjson, json or geojson.", valueName: "format"))
  var format: OutputFormat = .table

  func run() async throws {
    let places: PlaceDataset
    do {
      places = try PlaceDataset.load(contentsOf: ForageResources.demoPlaces)
    } catch {
      printError("the bundled dataset cannot be read: \(error)")
      throw Sysexits.ioError
    }
    let backend: PlacesBackend
    do {
      backend = try PlacesBackend.inProcessMock(dataset: places, provider: .google)
    } catch {
      printError("cannot start the in-process mock Places server: \(error)")
      throw Sysexits.unavailable
    }
    var options = try finder.options()
    if format == .table { options.isChangesOnly = true }
    let started = ContinuousClock.now
    let summary = try await FinderSession.run(
      track: ForageResources.demoTrack.path,
      trackFormat: nil,
      options: options,
      backend: { backend },
      format: format,
      output: nil,
      arguments: finder
    )
    let elapsed = ContinuousClock.now - started
    let paragraph = """

      Demo: a \(summary.fixes)-fix walk through central Helsinki, replayed in virtual time \
      against the mock Places server (\(ForageResources.demoPlacesAttribution)). \
      Every one of the \(summary.fixesUsed) delivered fixes was answered with the \
      \(options.query.limit) nearest places of type \(options.query.type ?? "any") within \
      \(Int(options.query.radius)) m, \(summary.cacheAnswers) of them from the coverage cache \
      with no request: \(summary.requests) HTTP requests in all, where asking on every fix \
      would have cost at least \(summary.fixesUsed). The table shows a row each time the \
      answer changed (\(summary.placesEvents) rows). \
      Took \(elapsed.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 2)))) \
      of wall time.

      """
    // The paragraph holds a wall-clock figure, so it goes to standard error and the data on
    // standard output stays byte-identical from run to run.
    writeStandardError(paragraph)
  }
}
