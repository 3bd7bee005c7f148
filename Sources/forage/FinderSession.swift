import ArgumentParser
import ForageFinder
import ForageGPSD
import ForageHours
import ForageLocation
import ForageLogging
import ForageNotifications
import ForagePlacesCache
import ForagePostgresCache
import ForageProviders
import ForageRecording
import ForageSupport
import ForageTracks
import ForageWriters
import Foundation
import Synchronization

/// Runs the finder for `forage run` and `forage demo`, turning every failure into a one-line
/// message and a sysexits code.
enum FinderSession {
  /// Replays `track` against the backend `makeBackend` starts for it once the track has been
  /// checked (a bad track starts no server), writing events in `format` to `output` (or
  /// standard output).
  ///
  /// The chain is ``Finder/defaultMiddleware(places:notifications:recorder:logging:)``, the one a
  /// library user gets, with what the flags ask for: the recorder (`--record`), notifications
  /// (`--notify-url`), logging to standard error (`--log-level`) and a places cache file
  /// (`--places-cache`). The backend's attribution (what the places data asks to be shown with
  /// it) reaches every format through the summary; `observer`, when given, sees every event too.
  ///
  /// Before anything is read or written, the outputs are checked against each other and
  /// against every input (`inputs`, the track, `--permission`'s file, `--places-cache`). File
  /// outputs are put in place only when the run succeeds, after `finishing` (the demo's story).
  ///
  /// - Parameters:
  ///   - options: Makes the run's options once the files are checked (it may read
  ///     `--permission`'s file).
  ///   - inputs: The command's other inputs, by option name.
  /// - Returns: The run's totals.
  /// - Throws: An `ExitCode` after printing a one-line error.
  static func run(
    track path: String,
    trackFormat: TrackFormat?,
    options makeOptions: () throws -> FinderOptions,
    backend makeBackend: (ReplayTrack) async throws -> PlacesBackend,
    format: OutputFormat,
    output: String?,
    observer: (any EventWriter)? = nil,
    view: SessionView? = nil,
    arguments: FinderArguments,
    inputs: [(option: String, path: String?)] = [("--track", nil)],
    finishing: (RunSummary) throws -> Void = { _ in }
  ) async throws -> RunSummary {
    try await run(
      preparing: { () throws(TrackError) in
        try ReplayTrack.prepare(path: path, format: trackFormat)
      },
      options: makeOptions,
      backend: makeBackend,
      format: format,
      output: output,
      observer: observer,
      view: view,
      arguments: arguments,
      inputs: inputs,
      finishing: finishing
    )
  }

  /// Replays the track `prepareTrack` reads (a file, or the demo's built-in walk) as
  /// ``run(track:trackFormat:options:backend:format:output:observer:view:arguments:inputs:finishing:)``
  /// replays a file.
  static func run(
    preparing prepareTrack: () throws(TrackError) -> ReplayTrack,
    options makeOptions: () throws -> FinderOptions,
    backend makeBackend: (ReplayTrack) async throws -> PlacesBackend,
    format: OutputFormat,
    output: String?,
    observer: (any EventWriter)? = nil,
    view: SessionView? = nil,
    arguments: FinderArguments,
    inputs: [(option: String, path: String?)],
    finishing: (RunSummary) throws -> Void = { _ in }
  ) async throws -> RunSummary {
    try checkFiles(output: output, arguments: arguments, inputs: inputs)
    let options = try makeOptions()
    let track: ReplayTrack
    do {
      track = try prepareTrack()
    } catch {
      printError(error.description)
      throw error.kind == .unreadable ? Sysexits.ioError : Sysexits.dataError
    }
    // Nothing is dropped in silence: each kind of defect the reader met, counted, on one line.
    let name = InputFile.displayName(track.path)
    for line in track.defectReport { printError("warning: \(name): \(line)") }
    let (summary, outputs) = try await run(
      source: view.map { track.fixSource.ending(on: $0.control) } ?? track.fixSource,
      options: options,
      backend: { try await makeBackend(track) },
      format: format,
      output: output,
      observer: observer,
      view: view,
      arguments: arguments
    )
    try publish(outputs, summary: summary, finishing: finishing)
    return summary
  }

  /// Runs the finder on live fixes from a gpsd, until gpsd closes the connection, `--max-fixes`
  /// fixes were read (counted as the summary's `fixes`: lost ones too), or SIGINT; a refused or
  /// dropped connection is tried again and reported. Each end but the failed connection puts
  /// the outputs in place: SIGINT is how a live session ends, and says so on one line.
  ///
  /// - Returns: The run's totals.
  /// - Throws: An `ExitCode` after printing a one-line error: 69 when no connection could be
  ///   made (after the summary of what was read).
  static func run(
    gpsd endpoint: GPSDEndpoint,
    maxFixes: Int?,
    options makeOptions: () throws -> FinderOptions,
    backend makeBackend: () async throws -> PlacesBackend,
    format: OutputFormat,
    output: String?,
    view: SessionView? = nil,
    arguments: FinderArguments
  ) async throws -> RunSummary {
    try checkFiles(output: output, arguments: arguments, inputs: [])
    let options = try makeOptions()
    let source = GPSDSource(endpoint: endpoint, maxFixes: maxFixes) { event in
      printError("gpsd \(endpoint): \(event)")
    }
    SignalCleanup.onInterrupt { source.stop() }
    defer { SignalCleanup.onInterrupt(nil) }
    view?.control.onStop { source.stop() }
    let (summary, outputs) = try await run(
      source: source.fixSource,
      options: options,
      backend: makeBackend,
      format: format,
      output: output,
      observer: nil,
      view: view,
      arguments: arguments
    )
    let skipped = source.skippedLines
    if skipped > GPSDSource.reportedSkips {
      printError("warning: gpsd \(endpoint): \(skipped) lines skipped in all")
    }
    switch source.end {
    case .failed(let error, let attempts):
      printError(
        "gpsd \(endpoint): \(error); giving up after \(attempts) "
          + (attempts == 1 ? "attempt" : "attempts")
      )
      throw failed(outputs, Sysexits.unavailable)
    case .stopped where view?.control.isStopped == true:
      // The view's user left: the run ends as one that ran out.
      try publish(outputs, summary: summary)
      return summary
    case .stopped:
      // Ctrl-C is how a live session ends, as with gpspipe: the run is complete, so its
      // outputs are put in place. The summary's count: the readings the finder took.
      try publish(outputs, summary: summary)
      printError("stopped by SIGINT after \(summary.fixes) fixes from gpsd \(endpoint)")
      return summary
    case .closed, .reachedLimit, nil:
      try publish(outputs, summary: summary)
      return summary
    }
  }

  /// Refuses, before anything is read or written, outputs that are one file and an output
  /// that is an input (exit 64).
  static func checkFiles(
    output: String?,
    arguments: FinderArguments,
    inputs: [(option: String, path: String?)]
  ) throws {
    try OutputPaths.check(
      outputs: [
        ("--places-cache", arguments.placesCache.filePath)
      ] + arguments.placesCache.sideFiles + [
        ("--output", output ?? "-"), ("--record", arguments.record),
      ],
      inputs: inputs + [
        ("--permission", arguments.scenarioFile),
        ("--places-cache", arguments.placesCache.filePath),
      ]
    )
  }

  /// Puts the outputs in place after `finishing`, or leaves them as they were when either
  /// fails (exit 74).
  static func publish(
    _ outputs: HeldOutputs,
    summary: RunSummary,
    finishing: (RunSummary) throws -> Void = { _ in }
  ) throws {
    do {
      try finishing(summary)
    } catch OutputError.brokenPipe {
      // The reader of standard output went away (`forage demo | head`): not a failure, so the
      // files are still put in place, and the command ends quietly.
      try publish(outputs, summary: summary)
      throw ExitCode.success
    } catch let error as OutputError {
      throw failed(outputs, outputFailureExit(error))
    }
    do {
      try outputs.publish()
    } catch let error as OutputError {
      throw failed(outputs, outputFailureExit(error))
    }
  }

  /// Leaves the file outputs as they were (the manual says so; the failure's own line is the
  /// one message) and gives `code` back to throw.
  static func failed(_ outputs: HeldOutputs, _ code: ExitCode) -> ExitCode {
    outputs.abandon()
    return code
  }

  /// Runs the finder on a fix source: opens the outputs (none but `--record` for a live
  /// view, which takes the events' place), starts the backend and maps every failure to a
  /// one-line message and an exit code (the outputs left as they were).
  ///
  /// - Returns: The totals, and the outputs to put in place if the command succeeds.
  private static func run(
    source: FixSource,
    options: FinderOptions,
    backend makeBackend: () async throws -> PlacesBackend,
    format: OutputFormat,
    output: String?,
    observer: (any EventWriter)?,
    view: SessionView?,
    arguments: FinderArguments
  ) async throws -> (RunSummary, HeldOutputs) {
    // The holiday calendar is read first: a bad one leaves nothing written and nothing started.
    let hours = try arguments.hoursJudge()
    let outputs = HeldOutputs()
    let writer: any EventWriter
    let recordSink: (any TextSink)?
    do {
      if view != nil {
        writer = DiscardingWriter()
      } else {
        let sink = try outputs.open(output ?? "-", option: "--output")
        writer =
          observer.map { PairedWriter(format.makeWriter(to: sink), $0) }
          ?? format.makeWriter(to: sink)
      }
      recordSink = try arguments.record.map { try outputs.open($0, option: "--record") }
    } catch let error as OutputError {
      throw outputFailureExit(error)
    }
    let cacheFile = try arguments.placesCache.open()
    // Closed on every way out, so that no -wal or -shm file is left beside it.
    // A signal closes it too (``SignalCleanup``).
    let closing = cacheFile.map { file in SignalCleanup.beforeExit { file.close() } }
    defer {
      closing.map(SignalCleanup.removeBeforeExit)
      cacheFile?.close()
    }
    let backend = try await makeBackend()
    let database: PostgresCacheStorage?
    do {
      database = try await arguments.placesCache.openShared(
        scope: PlacesCacheScope(api: backend.identity, query: options.query),
        logger: arguments.logger()
      )
    } catch {
      throw failed(outputs, error as? ExitCode ?? Sysexits.unavailable)
    }
    view?.backendStarted(backend)
    do {
      let summary = try await runFinder(
        source: source,
        options: options,
        backend: backend,
        writer: writer,
        recordSink: recordSink,
        cacheFile: cacheFile,
        database: database,
        hours: hours,
        view: view,
        arguments: arguments
      )
      try await finish(database)
      return (summary, outputs)
    } catch let code as ExitCode {
      throw failed(outputs, code)
    } catch let lost as SharedCacheLost {
      throw failed(outputs, PlacesCacheArguments.exit(for: lost.error))
    }
  }

  /// Writes every search the run kept to the PostgreSQL places cache, if there is one, and
  /// closes it: a cache that can no longer be confirmed fails the run.
  ///
  /// - Throws: An `ExitCode` after a one-line message (69 for a server gone).
  static func finish(_ database: PostgresCacheStorage?) async throws {
    do throws(PostgresPlacesCacheError) {
      try await database?.finish()
    } catch {
      throw PlacesCacheArguments.exit(for: error)
    }
  }

  /// Runs one finder on a fix source, writing to `writer`, and maps every failure to a
  /// one-line message (after `label`, when given) and an exit code, warning about what the
  /// user may want to change.
  ///
  /// - Parameters:
  ///   - database: The PostgreSQL places cache (`--places-cache postgres://…`), or `nil`; the
  ///     caller finishes it (``finish(_:)``), once for every finder that shares it.
  ///   - shared: The coverage cache this finder shares with the others of a fleet, or `nil`.
  ///   - label: Put before every message but a track's own (which names its file): the
  ///     receiver, in a fleet.
  /// - Returns: The run's totals.
  /// - Throws: An `ExitCode`, or ``SharedCacheLost`` (not yet said: a fleet says it once for
  ///   all its receivers); the caller leaves its outputs as they were.
  static func runFinder(
    source: FixSource,
    options: FinderOptions,
    backend: PlacesBackend,
    writer: any EventWriter,
    recordSink: (any TextSink)?,
    cacheFile: PlacesCacheFile?,
    database: PostgresCacheStorage? = nil,
    hours: HoursJudge,
    view: SessionView?,
    arguments: FinderArguments,
    sharing shared: SharedCoverageCache? = nil,
    label: String? = nil
  ) async throws -> RunSummary {
    let printError: (String) -> Void = { forage.printError((label.map { "\($0): " } ?? "") + $0) }
    // Each notification the receiver did not take is logged; the last reason ends the warning.
    let lastRefusal = Mutex<String?>(nil)
    var notifications = try arguments.notifications()
    let logger = arguments.logger()
    notifications?.onRefused = { reason in
      lastRefusal.withLock { $0 = reason }
      logger.info("--notify-url: a notification was not accepted: \(TerminalText.escaped(reason))")
    }
    var finder = Finder(
      options: options,
      middleware: Finder.defaultMiddleware(
        places: .places(backend, cacheFile: database ?? cacheFile, hours: hours, sharing: shared),
        notifications: notifications.map(FinderMiddleware.notifications),
        recorder: recordSink.map(FinderMiddleware.recorder),
        logging: .logging(arguments.logger())
      )
    )
    finder.subscribers = view.map { [$0.subscriber] } ?? []
    let outcome: FinderOutcome
    do {
      outcome = try await finder.run(
        source: database.map { source.stopping(on: $0) } ?? source,
        writer: writer,
        progress: view == nil ? ProgressLine.makeIfTerminal(total: source.expectedCount ?? 0) : nil
      )
    } catch let error as TrackError {
      forage.printError(error.description)
      throw error.kind == .unreadable ? Sysexits.ioError : Sysexits.dataError
    } catch let error as OutputError {
      throw outputFailureExit(error)
    } catch let error as PlacesCacheFileError {
      throw PlacesCacheArguments.exit(for: error)
    } catch let error as PostgresPlacesCacheError {
      await database?.cache.close()
      throw SharedCacheLost(error: error)
    } catch {
      printError("\(error)")
      throw Sysexits.ioError
    }
    let summary = outcome.summary
    // Only what an option would change is a warning; every reason is in the log at info.
    let givesHours = backend.provider.capabilities.givesOpeningHours
    let tally = hours.tally()
    if let warning = tally.warning(countsNoHours: givesHours, isOpenOnly: options.query.isOpenOnly)
    {
      printError("warning: " + TerminalText.escaped(warning))
    }
    if let details = tally.details(countsNoHours: givesHours) {
      arguments.logger().info("\(TerminalText.escaped(details))")
    }
    if backend.skippedPlaces > 0 {
      printError(
        "warning: the places API's answers held \(backend.skippedPlaces) "
          + (backend.skippedPlaces == 1 ? "result" : "results")
          + " that cannot be a place (an impossible coordinate, no id, an id already in the "
          + "answer), left out of the answers"
      )
    }
    if let tally = summary.notifications, tally.dropped > 0 {
      let last = lastRefusal.withLock { $0 }.map { " (the last: \(TerminalText.escaped($0)))" }
      printError(
        "warning: --notify-url: \(tally.dropped) of \(tally.sent + tally.dropped) notifications "
          + "dropped: not accepted after their retries\(last ?? ""), or still queued when the run "
          + "ended"
      )
    }
    if backend.refusedPageTokens {
      printError(
        "warning: the places API never accepted a next_page_token, however long forage waited: "
          + "searches kept their first page of 20 places"
      )
    }
    // The searches the user asked to keep were not all kept: the run fails as a write does.
    if let failure = cacheFile?.writeFailure {
      printError(
        "--places-cache: some searches were not kept: \(failure.description); a run that fails "
          + "leaves --output as it was"
      )
      throw Sysexits.ioError
    }
    let networkAnswers = summary.answers - summary.cacheAnswers
    if let failure = outcome.fatalFailure {
      // A refused key says what to set, not only what the server said.
      let advice =
        failure.kind == PlacesFailure.requestDeniedKind
        ? backend.deniedKeyAdvice.map { "; \($0)" } : nil
      if failure.kind == PlacesFailure.invalidSearchKind, networkAnswers == 0 {
        // The API refused what was asked (an unsupported --type): the options must change.
        printError("the places API refused the search: \(failure.message)")
        throw Sysexits.usage
      }
      if networkAnswers > 0 {
        printError(
          "the places API stopped answering, so the run stopped at fix \(failure.fixIndex) "
            + "with \(summary.fixesUnanswered) of \(summary.fixesUsed) delivered fixes unanswered: "
            + failure.message + (advice ?? "")
        )
      } else {
        printError("the places API is unusable: \(failure.message)" + (advice ?? ""))
      }
      throw Sysexits.unavailable
    }
    if summary.fixesSkipped > 0 {
      printError(
        "warning: \(summary.fixesSkipped) of \(summary.fixesUsed) delivered fixes were skipped: "
          + "a newer fix came before their places search ended (fixes_skipped in the summary); "
          + "a replay without --speed or --realtime answers every fix"
      )
    }
    if summary.fixesUnanswered > 0 {
      let failedSearches = summary.fixesUnanswered - summary.fixesNotExact
      let failedReason = "their places search failed after every retry"
      let notExactReason =
        "more places lie at one spot than one search returns, so their nearest places cannot "
        + "be known exactly"
      let reasons =
        summary.fixesNotExact == 0
        ? failedReason
        : failedSearches == 0
          ? notExactReason
          : "\(failedSearches) as \(failedReason), \(summary.fixesNotExact) as \(notExactReason)"
      printError(
        "\(summary.fixesUnanswered) of \(summary.fixesUsed) delivered fixes have no answer: "
          + reasons + " (the error events say which; a run that fails leaves --output as it was)"
      )
      throw Sysexits.unavailable
    }
    return summary
  }
}

/// A progress line on standard error, only when standard error is a terminal.
enum ProgressLine {
  /// A progress callback, or `nil` when standard error is not a terminal.
  static func makeIfTerminal(total: Int) -> (@Sendable (Int) -> Void)? {
    guard isatty(STDERR_FILENO) == 1, total > 0 else { return nil }
    return { done in
      guard done == total || done % 100 == 0 else { return }
      let text = done == total ? "\r\u{1B}[K" : "\rfix \(done)/\(total) (\(done * 100 / total) %)"
      writeStandardError(text)
    }
  }
}

/// Takes every event and writes nothing: a live view is the run's only output.
final class DiscardingWriter: EventWriter {
  func write(_ event: FinderEvent) {}

  func finish() {}
}
