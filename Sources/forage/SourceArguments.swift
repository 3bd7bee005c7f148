import ArgumentParser
import ForageCommandLine
import ForageFinder
import ForageGPSD
import ForageHTTP
import ForageLocation
import ForagePlaceDataset
import ForageProviders
import ForageResources
import ForageSupport
import ForageTracks
import ForageWriters
import Foundation

/// Where a finder's fixes and places come from, the options `forage run` and `forage watch`
/// share: a track or a live gpsd, and the places API (or the in-process mock and its dataset).
struct SourceArguments: ParsableArguments {
  @Option(
    name: .customLong("track"),
    parsing: .unconditionalSingleValue,
    help: ArgumentHelp(
      "The track: GPX, NMEA, GeoJSON or CSV. Repeat it for a fleet: one receiver a track, run "
        + "at once in one process and sharing one cache (NDJSON only; each event names its "
        + "\"receiver\").",
      valueName: "file"
    )
  )
  var tracks: [String] = []

  /// The one track, or the first of a fleet's.
  var track: String? { tracks.first }

  /// Whether several tracks were given: a fleet of receivers.
  var isFleet: Bool { tracks.count > 1 }

  @Option(
    help: ArgumentHelp(
      "Follow a live gpsd instead of a track (port 2947 if not given; [ADDRESS]:PORT for IPv6).",
      valueName: "host:port"
    )
  )
  var gpsd: String?

  @Option(
    name: .customLong("max-fixes"),
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --gpsd, end the run after this many fixes, lost ones included (the summary's fixes).",
      valueName: "n"
    ),
    transform: { try NumericOption.wholeNumber($0, from: 1, to: Int.max) }
  )
  var maxFixes: Int?

  @Option(
    name: .customLong("track-format"),
    help: ArgumentHelp("Read the track as gpx, nmea, geojson or csv.", valueName: "format")
  )
  var trackFormat: TrackFormat?

  @Option(
    name: .customLong("api-base"),
    help: ArgumentHelp(
      "A Places-style API to use instead of the in-process mock.",
      valueName: "url"
    )
  )
  var apiBase: String?

  @Option(
    name: .customLong("provider"),
    help: ArgumentHelp(
      "Wire format: places-new (Places API (New), what a new key can use), google-legacy "
        + "(Google's legacy Nearby Search), or overpass (OpenStreetMap, no key; the public "
        + "instance is --api-base https://overpass-api.de).",
      valueName: "name"
    )
  )
  var providerName: String = PlacesProviderName.default.rawValue

  @Option(
    name: .customLong("fields"),
    help: ArgumentHelp(
      "all, or pro: with places-new, ask only the Pro fields (ids, names, locations, types, "
        + "addresses), billed as Nearby Search Pro rather than Enterprise; ratings, prices and "
        + "opening hours are left out, places and distances stay the same.",
      valueName: "fields"
    )
  )
  var fields: PlacesFieldSet = .all

  /// Whether `name` can name an environment variable a shell sets: `[A-Za-z_][A-Za-z0-9_]*`.
  static func isEnvironmentName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else {
      return false
    }
    return name.unicodeScalars.allSatisfy {
      $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
    }
  }

  /// The provider `--provider` names (checked by ``validate(with:)``).
  var provider: PlacesProviderName {
    PlacesProviderName(rawValue: providerName) ?? .default
  }

  /// The provider's facts, which every check below asks.
  var capabilities: PlacesProviderCapabilities { provider.capabilities }

  @Option(
    name: .customLong("api-key-env"),
    help: ArgumentHelp("Environment variable holding the API key.", valueName: "name")
  )
  var apiKeyEnvironment: String = "PLACES_API_KEY"

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "GeoJSON places for the in-process mock (default: the bundled dataset).",
      valueName: "file"
    )
  )
  var dataset: String?

  @Option(
    name: .customLong("network-time"),
    help: ArgumentHelp(
      "How retries and page-token waits pass: real (default with --api-base) or virtual "
        + "(instant; default for the in-process mock, useful against a local mock).",
      valueName: "time"
    )
  )
  var networkTime: NetworkTime?

  @Option(
    name: .customLong("request-timeout"),
    parsing: .unconditional,
    help: ArgumentHelp(
      "The longest one places request may take, connection included, in seconds.",
      valueName: "s"
    )
  )
  var requestTimeout: Double = 10

  /// Checks these options together with the finder's (called by the command's `validate()`,
  /// which sees both groups).
  func validate(with finder: FinderArguments) throws {
    switch (track, gpsd) {
    case (nil, nil):
      // A mistyped source (`--trak`) is named by `Forage.main`, as every mistyped option is.
      throw ValidationError("give --track FILE or --gpsd HOST:PORT")
    case (.some, .some): throw ValidationError("give --track or --gpsd, not both")
    case (nil, .some(let gpsd)):
      _ = try endpoint(gpsd)
      if trackFormat != nil { throw ValidationError("--track-format is for --track, not --gpsd") }
      if finder.speed != nil || finder.realtime {
        throw ValidationError("--speed and --realtime are for --track; gpsd's fixes come live")
      }
    case (.some, nil):
      if maxFixes != nil { throw ValidationError("--max-fixes is for --gpsd") }
      if tracks.filter({ $0 == "-" }).count > 1 {
        throw ValidationError("--track - (standard input) can be given once")
      }
    }
    if let maxFixes, maxFixes < 1 {
      throw ValidationError("--max-fixes must be at least 1, not \(maxFixes)")
    }
    let provider = try PlacesProviderName.parse(argument: providerName)
    let capabilities = provider.capabilities
    // A query the provider cannot run is refused here, before any request is spent on it.
    try finder.validateType(for: provider)
    try finder.validateOpen(for: provider)
    try finder.validateEveryFix(for: provider)
    try finder.placesCache.validateTerms(of: capabilities)
    if !capabilities.searchesKeywords, let keyword = finder.keyword, !keyword.isEmpty {
      let others = PlacesProviderName.allCases.filter { $0.capabilities.searchesKeywords }
      throw ValidationError(
        "--keyword cannot be used with --provider \(provider.rawValue): "
          + "\(capabilities.displayName) nearby search takes place types only; drop --keyword, "
          + "or use --provider \(NameSuggestion.list(others.map(\.rawValue)))"
      )
    }
    try validateFields(with: finder)
    if !Self.isEnvironmentName(apiKeyEnvironment) {
      // Such a name can never be set: the key would always be missing.
      throw ValidationError(
        "--api-key-env must name an environment variable: ASCII letters, digits and _, "
          + "not starting with a digit"
      )
    }
    if let apiBase, let host = URL(string: apiBase)?.host, !capabilities.isPublicHost(host),
      let other = PlacesProviderName.allCases.first(where: { $0.capabilities.isPublicHost(host) })
    {
      // Another provider's public service would fail at the first request (a 404): say so now.
      throw ValidationError(
        "--api-base \(apiBase) serves \(other.capabilities.displayName), not \(capabilities.displayName); "
          + "use --provider \(other.rawValue), or --api-base \(capabilities.defaultBaseURL)"
      )
    }
    if capabilities.needsAPIKey, let apiBase,
      URL(string: apiBase).map(GoogleAttribution.isGoogleHost) == true,
      (ProcessInfo.processInfo.environment[apiKeyEnvironment] ?? "").isEmpty
    {
      throw ValidationError(
        "--api-base \(apiBase) needs an API key: set the environment variable "
          + "\(apiKeyEnvironment) (or name another with --api-key-env)"
      )
    }
    if capabilities.needsAPIKey, apiBase != nil,
      let key = ProcessInfo.processInfo.environment[apiKeyEnvironment],
      key.unicodeScalars.contains(where: {
        $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F
      })
    {
      // Never quoted: a key is not printed, even a broken one.
      throw ValidationError(
        "the API key in the environment variable \(apiKeyEnvironment) holds a space or a "
          + "control character (a line end copied with it?): set it to the key alone"
      )
    }
    // Below a millisecond, libcurl's whole-transfer timeout would round to 0: no limit at all.
    guard (0.001...3600).contains(requestTimeout) else {
      throw ValidationError(
        "--request-timeout must be from 0.001 to 3600 seconds, not \(requestTimeout)"
      )
    }
    if let apiBase {
      _ = try ServiceURL.parse(
        apiBase,
        option: "--api-base",
        carriesSecrets: capabilities.needsAPIKey,
        allowsQuery: false,
        allowsInsecureHTTP: finder.allowsInsecureHTTP
      )
      if dataset != nil {
        throw ValidationError("--dataset is for the in-process mock; drop it or --api-base")
      }
    }
  }

  /// Runs the finder on these sources: events in `format` to `output`, or to a live `view`.
  ///
  /// - Parameters:
  ///   - finder: What to search, and how.
  ///   - options: Makes the run's options once the files are checked.
  ///   - view: A live view in place of the output, if any.
  /// - Returns: The run's totals.
  /// - Throws: An `ExitCode` after printing a one-line error.
  func run(
    finder: FinderArguments,
    options: () throws -> FinderOptions,
    format: OutputFormat = .ndjson,
    output: String? = nil,
    view: SessionView? = nil
  ) async throws -> RunSummary {
    if isFleet {
      return try await FleetSession.run(
        tracks: tracks,
        trackFormat: trackFormat,
        options: options,
        backends: { try await makeBackends(for: $0, finder: finder) },
        output: output,
        arguments: finder,
        inputs: tracks.map { ("--track", $0) } + [("--dataset", dataset)]
      )
    }
    if let gpsd {
      return try await FinderSession.run(
        gpsd: try endpoint(gpsd),
        maxFixes: maxFixes,
        options: options,
        backend: { try await makeBackends(for: [nil], finder: finder)[0] },
        format: format,
        output: output,
        view: view,
        arguments: finder
      )
    }
    return try await FinderSession.run(
      track: track ?? "-",
      trackFormat: trackFormat,
      options: options,
      backend: { try await makeBackends(for: [$0], finder: finder)[0] },
      format: format,
      output: output,
      view: view,
      arguments: finder,
      inputs: [("--track", track ?? "-"), ("--dataset", dataset)]
    )
  }

  /// Refuses `--fields pro` where it cannot save anything or would take away what the run
  /// needs: with an API that does not bill by field, and with the options that read opening
  /// hours (`--open`, `--timezone`, `--public-holidays`), which Pro fields leave out.
  private func validateFields(with finder: FinderArguments) throws {
    guard fields == .pro else { return }
    guard capabilities.proFieldsSKU != nil else {
      let billed = PlacesProviderName.allCases.filter { $0.capabilities.proFieldsSKU != nil }
      throw ValidationError(
        "--fields pro is for --provider \(NameSuggestion.list(billed.map(\.rawValue))): "
          + "\(capabilities.displayName) does not bill by field, so every field costs the same"
      )
    }
    let hoursOptions = [
      ("--open", finder.open), ("--timezone", finder.timeZoneName != nil),
      ("--public-holidays", finder.publicHolidays != nil),
    ]
    if let (option, _) = hoursOptions.first(where: { $0.1 }) {
      throw ValidationError(
        "--fields pro leaves out opening hours, which \(option) needs; drop one of them"
      )
    }
  }

  /// The in-process mock's dataset as messages name it: its file name, `standard input` for
  /// `-`, or the bundled file's name.
  private var datasetName: String {
    guard let dataset else { return ForageResources.demoPlacesName }
    return PathName(InputFile.displayName(dataset)).lastComponent
  }

  /// What a refused key tells the user: the variable to set when none was given, the one to
  /// check when its key was refused; `nil` for a provider that needs no key (Overpass).
  func deniedKeyAdvice(hasKey: Bool) -> String? {
    guard provider.capabilities.needsAPIKey else { return nil }
    if hasKey {
      return "the key in the environment variable \(apiKeyEnvironment) was refused: check that "
        + "it is right and allowed to use \(provider.capabilities.displayName)"
    }
    return "\(provider.capabilities.displayName) needs an API key: set the environment variable "
      + "\(apiKeyEnvironment) to it (or name another variable with --api-key-env)"
  }

  /// The places backends, one a track (`nil` for gpsd): the API `--api-base` names, or the
  /// in-process mock serving the dataset, which warns when every fix of a track is beyond the
  /// search radius from it. Several backends share one server and one HTTP client, each
  /// counting its own requests.
  private func makeBackends(
    for tracks: [ReplayTrack?],
    finder: FinderArguments
  ) async throws -> [PlacesBackend] {
    let key = ProcessInfo.processInfo.environment[apiKeyEnvironment].flatMap {
      $0.isEmpty ? nil : PlacesAPIKey($0)
    }
    // Wherever a server echoes the key back, every message redacts it.
    if let key { Redaction.registerSecret(key.value) }
    let client = HTTPClient(configuration: .init(userAgent: ForageVersion.userAgent))
    if let apiBase, let url = URL(string: apiBase) {
      // A fleet on the real clock heeds a wait the API asked of any of its receivers.
      let gate = (networkTime ?? .real) == .real ? RetryAfterGate() : nil
      return tracks.map { _ in makeRemote(url, key: key, client: client, gate: gate) }
    }
    let places: PlaceDataset
    do {
      if let dataset {
        places = try PlaceDataset.load(path: dataset)
      } else {
        places = try ForageResources.loadDemoPlaces()
      }
    } catch {
      printError(error.description)
      throw error.isUnreadable ? Sysexits.ioError : Sysexits.dataError
    }
    // The same report as `forage nearby` gives; the bundled dataset is known and stays quiet.
    if dataset != nil {
      for line in places.report() { printError("warning: \(line)") }
    }
    if let message = finder.unknownTypeMessage(for: provider, in: places) {
      printError(message)
      throw Sysexits.usage
    }
    // Hours with their UTC offset (Places API (New)'s) are served by the mock only from a
    // dataset's weekly timetables, never from OpenStreetMap's local-time rules.
    if finder.open, capabilities.givesOpeningHours, !capabilities.hoursNeedTimeZone,
      !places.places.contains(where: { if case .weekly = $0.openingHours { true } else { false } })
    {
      printError(
        "--open with --provider \(provider.rawValue) would leave every answer empty: the "
          + "in-process mock serves \(capabilities.displayName) opening hours only for places "
          + "with a weekly timetable, and "
          + "\(datasetName) has none (its hours are OpenStreetMap's); use --provider overpass "
          + "--timezone \(dataset == nil ? "Europe/Helsinki" : "ZONE") instead"
      )
      throw Sysexits.usage
    }
    do {
      let backends = try await PlacesBackend.inProcessMock(
        dataset: places,
        provider: provider,
        clock: { (networkTime ?? .virtual).makeClock() },
        fields: fields,
        client: client,
        count: tracks.count
      )
      printError(
        "using the in-process mock Places server at \(backends[0].baseURL) with "
          + "\(datasetName) (\(places.places.count) places)"
      )
      for case let track? in tracks {
        guard
          let warning = FarTrackWarning.line(
            track: track,
            dataset: places,
            datasetName: datasetName,
            radius: finder.radius
          )
        else { continue }
        printError("warning: \(warning)")
      }
      return backends
    } catch {
      printError("cannot start the in-process mock Places server: \(error)")
      throw Sysexits.unavailable
    }
  }

  /// A backend for the API at `url`, sending with `client`, held back by `gate` (a gate of its
  /// own when `nil`).
  private func makeRemote(
    _ url: URL,
    key: PlacesAPIKey?,
    client: HTTPClient,
    gate: RetryAfterGate?
  ) -> PlacesBackend {
    .remote(
      baseURL: url,
      provider: provider,
      apiKey: key,
      clock: (networkTime ?? .real).makeClock(),
      timeout: .milliseconds(Int64((requestTimeout * 1000).rounded())),
      userAgent: ForageVersion.userAgent,
      deniedKeyAdvice: deniedKeyAdvice(hasKey: key != nil),
      // A local mock then times its page tokens on the virtual clock, whose waits are instant.
      sendsVirtualTime: networkTime == .virtual,
      fields: fields,
      client: client,
      retryAfterGate: gate
    )
  }

  /// The `--gpsd` endpoint, or a usage error saying what was expected.
  private func endpoint(_ text: String) throws -> GPSDEndpoint {
    do {
      return try GPSDEndpoint(parsing: text)
    } catch {
      throw ValidationError("--gpsd: \(error.description)")
    }
  }
}
