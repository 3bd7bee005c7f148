import ArgumentParser
import ForageFinder
import ForageLocation
import ForagePlaces
import ForageTracks
import Foundation

/// Runs the finder for `forage run` and `forage demo`, turning every failure into a one-line
/// message and a sysexits code.
enum FinderSession {
  /// Replays `track` against the backend `makeBackend` starts once the track has been checked
  /// (a bad track starts no server), writing events in `format` to `output` (or standard output).
  ///
  /// The chain is ``Finder/defaultMiddleware(places:recording:logger:notifications:)``, the one a
  /// library user gets, with what the flags ask for: the recorder (`--record`), notifications
  /// (`--notify-url`), logging to standard error (`--log-level`) and a places cache file
  /// (`--places-cache`). `attribution` is what the places data asks to be shown with it (the
  /// html map shows it); `observer`, when given, sees every event too.
  ///
  /// - Returns: The run's totals.
  /// - Throws: An `ExitCode` after printing a one-line error.
  static func run(
    track path: String,
    trackFormat: TrackFormat?,
    options: FinderOptions,
    backend makeBackend: () throws -> PlacesBackend,
    format: OutputFormat,
    output: String?,
    attribution: [String],
    observer: (any EventWriter)? = nil,
    arguments: FinderArguments
  ) async throws -> RunSummary {
    let track: ReplayTrack
    do {
      track = try ReplayTrack.prepare(path: path, format: trackFormat)
    } catch {
      printError(error.description)
      throw error.kind == .unreadable ? Sysexits.ioError : Sysexits.dataError
    }
    // Nothing is dropped in silence: each kind of defect the reader met, counted, on one line.
    for line in track.defectReport { printError("warning: \(path): \(line)") }
    return try await run(
      source: track.fixSource,
      options: options,
      backend: makeBackend,
      format: format,
      output: output,
      attribution: attribution,
      observer: observer,
      arguments: arguments
    )
  }

  /// Runs the finder on live fixes from a gpsd, until gpsd closes the connection, `--max-fixes`
  /// fixes were read, or SIGINT; a refused or dropped connection is tried again and reported.
  ///
  /// - Returns: The run's totals.
  /// - Throws: An `ExitCode` after printing a one-line error: 69 when no connection could be
  ///   made (after the summary of what was read), 130 after SIGINT (after the summary).
  static func run(
    gpsd endpoint: GPSDEndpoint,
    maxFixes: Int?,
    options: FinderOptions,
    backend makeBackend: () throws -> PlacesBackend,
    format: OutputFormat,
    output: String?,
    attribution: [String],
    arguments: FinderArguments
  ) async throws -> RunSummary {
    let source = GPSDSource(endpoint: endpoint, maxFixes: maxFixes) { event in
      printError("gpsd \(endpoint): \(event)")
    }
    SignalCleanup.onInterrupt { source.stop() }
    defer { SignalCleanup.onInterrupt(nil) }
    let summary = try await run(
      source: source.fixSource,
      options: options,
      backend: makeBackend,
      format: format,
      output: output,
      attribution: attribution,
      observer: nil,
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
      throw Sysexits.unavailable
    case .stopped:
      printError("interrupted after \(source.fixCount) fixes from gpsd \(endpoint)")
      throw ExitCode(130)
    case .closed, .reachedLimit, nil:
      return summary
    }
  }

  /// Runs the finder on a fix source: opens the outputs, starts the backend and maps every
  /// failure to a one-line message and an exit code.
  private static func run(
    source: FixSource,
    options: FinderOptions,
    backend makeBackend: () throws -> PlacesBackend,
    format: OutputFormat,
    output: String?,
    attribution: [String],
    observer: (any EventWriter)?,
    arguments: FinderArguments
  ) async throws -> RunSummary {
    try OutputPaths.checkDistinct([
      ("--output", output), ("--record", arguments.record),
      ("--places-cache", arguments.placesCache.path),
    ])
    let outputSink: any TextSink
    let recordSink: (any TextSink)?
    do {
      outputSink = try output.map { try OutputFile.sink(for: $0) } ?? StandardOutputSink()
      recordSink = try arguments.record.map { try OutputFile.sink(for: $0) }
    } catch let error as OutputError {
      throw outputFailureExit(error)
    }
    let cacheFile = try arguments.placesCache.open()
    let backend = try makeBackend()
    let finder = Finder(
      options: options,
      middleware: Finder.defaultMiddleware(
        places: .places(backend, cacheFile: cacheFile),
        recording: recordSink,
        logger: arguments.logger(),
        notifications: try arguments.notifications()
      )
    )
    let outcome: FinderOutcome
    do {
      outcome = try await finder.run(
        source: source,
        writer: observer.map {
          PairedWriter(format.makeWriter(to: outputSink, attribution: attribution), $0)
        } ?? format.makeWriter(to: outputSink, attribution: attribution),
        progress: ProgressLine.makeIfTerminal(total: source.expectedCount ?? 0)
      )
    } catch let error as TrackError {
      printError(error.description)
      throw error.kind == .unreadable ? Sysexits.ioError : Sysexits.dataError
    } catch let error as OutputError {
      throw outputFailureExit(error)
    } catch let error as PlacesCacheFileError {
      throw PlacesCacheArguments.exit(for: error)
    } catch {
      printError("\(error)")
      throw Sysexits.ioError
    }
    if let failure = cacheFile?.writeFailure {
      printError("warning: --places-cache: some searches were not kept: \(failure.description)")
    }
    if let failure = outcome.fatalFailure {
      printError("the places API is unusable: \(failure.message)")
      throw Sysexits.unavailable
    }
    return outcome.summary
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
