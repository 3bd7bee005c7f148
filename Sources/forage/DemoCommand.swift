import ArgumentParser
import ForageFinder
import ForagePlaceDataset
import ForageProviders
import ForageResources
import ForageSupport
import ForageTracks
import ForageWriters
import Foundation

/// `forage demo`: Replay the bundled Helsinki walk against the in-process mock Places server,
/// tell its story in a few lines and draw it on an HTML map.
struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Replay the bundled Helsinki walk and draw it on an HTML map.",
    discussion: """
      A 65-minute, 1 Hz walk through central Helsinki (Rautatientori, Senate Square, \
      Esplanadi, Kamppi, Töölönlahti, Kruununhaka) against 427 real eating places from \
      OpenStreetMap, served by the mock Places server on 127.0.0.1. Prints a short story of \
      the walk and writes a self-contained HTML map of it (\(Self.defaultMap) in the current \
      directory, or --output). Takes forage run's options for what to search and how to \
      replay (listed below), not those that choose the track, the places or the output \
      (--track, --gpsd, --max-fixes, --track-format, --dataset, --api-base, --provider, \
      --fields, --api-key-env, --network-time, --request-timeout, --format): the demo's walk, \
      places and \
      map are its own. For every fix's answer: forage demo --print-track | forage run --track - \
      --provider overpass --timezone Europe/Helsinki --format table.
      """
  )

  /// The map's file name when `--output` is not given.
  static let defaultMap = "forage-demo-map.html"

  @OptionGroup var finder: FinderArguments

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Write the HTML map to this file, atomically.",
      valueName: "file"
    )
  )
  var output: String = Self.defaultMap

  @Flag(
    help: ArgumentHelp(
      "Write the built-in walk (GPX) to standard output and exit.",
      discussion: "To replay it yourself: forage demo --print-track | forage run --track -"
    )
  )
  var printTrack = false

  func validate() throws {
    // The demo's places are served as Overpass serves OpenStreetMap: with their opening hours.
    try finder.validateType(for: .overpass)
  }

  /// The bundled places' zone, for their opening hours when --timezone is not given.
  static let defaultTimeZone = "Europe/Helsinki"

  func run() async throws {
    if printTrack {
      do {
        try StandardOutputSink().write(String(decoding: ForageResources.demoTrack, as: UTF8.self))
      } catch let error as OutputError {
        throw outputFailureExit(error)
      }
      return
    }
    let places: PlaceDataset
    do {
      places = try ForageResources.loadDemoPlaces()
    } catch {
      printError("the bundled dataset cannot be read: \(error)")
      throw Sysexits.ioError
    }
    let backend: PlacesBackend
    do {
      backend = try await PlacesBackend.inProcessMock(dataset: places, provider: .overpass)
    } catch {
      printError("cannot start the in-process mock Places server: \(error)")
      throw Sysexits.unavailable
    }
    var options = FinderOptions()
    var arguments = finder
    arguments.timeZoneName = finder.timeZoneName ?? Self.defaultTimeZone
    let story = DemoStory()
    let started = ContinuousClock.now
    _ = try await FinderSession.run(
      preparing: { () throws(TrackError) in
        try ReplayTrack.prepare(
          bytes: ForageResources.demoTrack,
          name: ForageResources.demoTrackName
        )
      },
      options: {
        options = try finder.options()
        return options
      },
      backend: { _ in backend },
      format: .html,
      output: output,
      observer: story,
      arguments: arguments,
      // The walk and the places are built in: no file of the user's is read.
      inputs: [],
      finishing: { summary in
        // The story is written (and checked) before the map is put in place: a story that
        // cannot be written fails the command, which then leaves no map.
        try StandardOutputSink().write(
          telling(story, summary: summary, options: options, dataset: places) + "\n"
        )
      }
    )
    let elapsed = ContinuousClock.now - started
    // Wall time differs from run to run, so it goes to standard error and the story on
    // standard output stays the same bytes every time.
    writeStandardError(
      "took \(elapsed.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 2)))) "
        + "of wall time\n"
    )
  }

  /// The story, at most 40 lines.
  private func telling(
    _ story: DemoStory,
    summary: RunSummary,
    options: FinderOptions,
    dataset: PlaceDataset
  ) -> String {
    let query = options.query
    let network = summary.answers - summary.cacheAnswers
    let forage = Invocation.command
    var lines = [
      "forage demo: a walk through central Helsinki, replayed in virtual time against the mock",
      "Places server on 127.0.0.1 (Overpass, no key) with \(dataset.places.count) eating places "
        + "from OpenStreetMap.",
      "",
      "The walk: \(story.walk)",
      "Fixes: \(summary.fixes) read, \(summary.fixesUsed) delivered, "
        + "\(summary.fixesDropped) dropped, \(summary.fixesLost) lost.",
      "Each delivered fix asked for the \(query.limit) nearest places of type "
        + "\(query.type ?? "any") within \(Int(query.radius)) m"
        + (query.isOpenOnly ? " open at that moment:" : ":"),
      "  \(summary.cacheAnswers) answers came from the coverage cache with no request,",
      "  \(network) from the network, in \(summary.requests) HTTP requests "
        + "(one request a fix would be \(summary.fixesUsed)).",
    ]
    if summary.errors > 0 { lines.append("  \(summary.errors) searches failed (see the map).") }
    let passed = story.openWhenPassed()
    let nearestPlaces = passed.open + passed.closed + passed.unknown
    if nearestPlaces > 0 {
      lines += [
        "",
        "Of the \(nearestPlaces) places that were ever the nearest, \(passed.open) were open when "
          + "the walk passed them,",
        "\(passed.closed) were closed, and for \(passed.unknown) it could not be told (no hours, "
          + "hours forage cannot read, or a holiday rule; times in "
          + "\(finder.timeZoneName ?? Self.defaultTimeZone)).",
      ]
    }
    let nearest = story.mostOftenNearest(5)
    if !nearest.isEmpty {
      lines += ["", "Most often the nearest along the way:"]
      for (rank, place) in nearest.enumerated() {
        lines.append("  \(rank + 1). \(place.name): for \(place.count) fixes")
      }
    }
    lines += [
      "",
      "Map: \(output) (one HTML file, opens offline in any browser)",
      "Every fix's answer, as a table:",
      "  \(forage) demo --print-track | \(forage) run --track - --provider overpass "
        + "--timezone \(finder.timeZoneName ?? Self.defaultTimeZone) --format table",
      "",
      summary.attribution.map { "Places data: \($0)" } ?? "",
    ]
    // Place names come from the data: nothing in them reaches the terminal raw.
    return lines.map { TerminalText.escaped($0) }.joined(separator: "\n")
  }
}
