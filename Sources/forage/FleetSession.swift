import ArgumentParser
import ForageFinder
import ForageHours
import ForagePlacesCache
import ForagePostgresCache
import ForageSupport
import ForageTracks
import ForageWriters
import Foundation

/// Runs `forage run` with many tracks: one receiver a track, each with its own finder (its own
/// store, permission machine and replay clock), all at once on every core, sharing one
/// ``ForageFinder/SharedCoverageCache`` so that a search one receiver made answers the others.
///
/// Every NDJSON line names its receiver (`"receiver"`); the last line is the fleet's summary
/// (`"receivers"`, no `"receiver"`). A track that cannot be read, or whose data is bad, is
/// reported for its receiver alone on one line; the others go on, and the exit status is the
/// worst (highest) of the receivers' codes.
enum FleetSession {
  /// The receivers' names: each track as given, with `#2`, `#3`… after a name given before.
  static func names(of paths: [String]) -> [String] {
    var taken = Set<String>()
    return paths.map { path in
      let name = InputFile.displayName(path)
      var unique = name
      var copy = 1
      while !taken.insert(unique).inserted {
        copy += 1
        unique = "\(name)#\(copy)"
      }
      return unique
    }
  }

  /// Replays every track in `paths` against the backends `makeBackends` starts for the tracks
  /// that could be read (one a receiver, sharing one server and one HTTP client).
  ///
  /// - Returns: The fleet's totals.
  /// - Throws: An `ExitCode` when a receiver failed (after its one-line error), the worst one.
  static func run(
    tracks paths: [String],
    trackFormat: TrackFormat?,
    options makeOptions: () throws -> FinderOptions,
    backends makeBackends: ([ReplayTrack]) async throws -> [PlacesBackend],
    output: String?,
    arguments: FinderArguments,
    inputs: [(option: String, path: String?)]
  ) async throws -> RunSummary {
    try FinderSession.checkFiles(output: output, arguments: arguments, inputs: inputs)
    let options = try makeOptions()
    let holidays = try arguments.holidays()
    var worst: ExitCode?
    var ready: [(name: String, track: ReplayTrack)] = []
    for (name, path) in zip(names(of: paths), paths) {
      do {
        let track = try ReplayTrack.prepare(path: path, format: trackFormat)
        let file = InputFile.displayName(track.path)
        for line in track.defectReport { printError("warning: \(file): \(line)") }
        ready.append((name, track))
      } catch {
        printError(error.description)
        worst = worse(worst, error.kind == .unreadable ? Sysexits.ioError : Sysexits.dataError)
      }
    }
    guard !ready.isEmpty else { throw worst ?? Sysexits.dataError }
    let outputs = HeldOutputs()
    let fleetOutput: FleetOutput
    do {
      fleetOutput = FleetOutput(try outputs.open(output ?? "-", option: "--output"))
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
    let backends = try await makeBackends(ready.map(\.track))
    let database: PostgresCacheStorage?
    do {
      database = try await arguments.placesCache.openShared(
        scope: PlacesCacheScope(api: backends[0].identity, query: options.query),
        logger: arguments.logger()
      )
    } catch {
      throw FinderSession.failed(outputs, error as? ExitCode ?? Sysexits.unavailable)
    }
    let shared = SharedCoverageCache()
    let receivers = zip(ready, backends).map { receiver, backend in
      Receiver(
        name: receiver.name,
        track: receiver.track,
        backend: backend,
        writer: ReceiverWriter("receiver", .string(receiver.name), into: fleetOutput),
        hours: HoursJudge(timeZone: try? arguments.timeZone(), publicHolidays: holidays),
        cacheFile: cacheFile,
        database: database,
        arguments: arguments
      )
    }
    let atOnce = concurrency(of: receivers.count)
    let results = await withTaskGroup(of: (Int, Result<RunSummary, Failure>).self) { group in
      var pending = receivers.enumerated().makeIterator()
      func startNext() {
        guard let (index, receiver) = pending.next() else { return }
        group.addTask { (index, await receiver.run(options: options, sharing: shared)) }
      }
      for _ in 0..<atOnce { startNext() }
      var results: [Int: Result<RunSummary, Failure>] = [:]
      for await (index, result) in group {
        results[index] = result
        startNext()
      }
      return results
    }
    // A lost shared cache is said once for the fleet, however many receivers it stopped.
    var isCacheLossSaid = false
    do {
      try await FinderSession.finish(database)
    } catch let code as ExitCode {
      worst = worse(worst, code)
      isCacheLossSaid = database?.failure != nil
    }
    var summaries: [RunSummary] = []
    for index in receivers.indices {
      switch results[index] {
      case .success(let summary): summaries.append(summary)
      case .failure(.exit(let code)): worst = worse(worst, code)
      case .failure(.cacheLost(let error)):
        if !isCacheLossSaid { worst = worse(worst, PlacesCacheArguments.exit(for: error)) }
        isCacheLossSaid = true
        worst = worse(worst, Sysexits.unavailable)
      case nil: worst = worse(worst, Sysexits.ioError)
      }
    }
    let total = RunSummary.total(of: summaries)
    let last = receivers.compactMap(\.writer.lastTime).max() ?? Date(timeIntervalSince1970: 0)
    do {
      let fleet = ReceiverWriter("receivers", .int(paths.count), into: fleetOutput)
      try fleet.write(FinderEvent(seq: 0, time: last, payload: .summary(total)))
      try fleetOutput.commit()
    } catch let error as OutputError {
      throw FinderSession.failed(outputs, outputFailureExit(error))
    }
    // The receivers that finished are complete and named: their output is put in place even
    // when another failed.
    try FinderSession.publish(outputs, summary: total)
    if let worst { throw worst }
    return total
  }

  /// The descriptors one running receiver may hold, with margin: its track, its connection to
  /// the places API and, with the in-process mock, the server's end of it, and one more that
  /// libcurl may keep in its connection cache.
  static let descriptorsPerReceiver: rlim_t = 6

  /// How many of `count` receivers run at once: all of them, unless the open-files limit
  /// (`ulimit -n`, already raised to its hard limit) leaves room for fewer beyond what one run
  /// needs (``ResourceLimits/minimumOpenFiles``); then as many as it leaves room for, and at
  /// least one, so that every limit from the minimum up runs the whole fleet.
  static func concurrency(of count: Int) -> Int {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1 }
    let needed = ResourceLimits.minimumOpenFiles + ResourceLimits.inheritedDescriptors()
    guard limit.rlim_cur > needed else { return 1 }
    return max(1, min(count, Int(clamping: (limit.rlim_cur - needed) / descriptorsPerReceiver)))
  }

  /// The worse of two exit codes: the higher (74 I/O over 69 service over 65 data).
  private static func worse(_ one: ExitCode?, _ other: ExitCode) -> ExitCode {
    guard let one else { return other }
    return one.rawValue >= other.rawValue ? one : other
  }

  /// Why a receiver stopped.
  private enum Failure: Error {
    /// With this exit code, its message said.
    case exit(ExitCode)
    /// The shared cache was lost: not yet said.
    case cacheLost(PostgresPlacesCacheError)
  }

  /// One receiver of the fleet, with everything its finder needs; used by one task only.
  private final class Receiver: @unchecked Sendable {
    // Unchecked: made before the task group and then touched by its one task alone.
    let name: String
    let track: ReplayTrack
    let backend: PlacesBackend
    let writer: ReceiverWriter
    let hours: HoursJudge
    let cacheFile: PlacesCacheFile?
    let database: PostgresCacheStorage?
    let arguments: FinderArguments

    init(
      name: String,
      track: ReplayTrack,
      backend: PlacesBackend,
      writer: ReceiverWriter,
      hours: HoursJudge,
      cacheFile: PlacesCacheFile?,
      database: PostgresCacheStorage?,
      arguments: FinderArguments
    ) {
      self.name = name
      self.track = track
      self.backend = backend
      self.writer = writer
      self.hours = hours
      self.cacheFile = cacheFile
      self.database = database
      self.arguments = arguments
    }

    /// Runs the receiver's finder to its end.
    func run(
      options: FinderOptions,
      sharing shared: SharedCoverageCache
    ) async -> Result<RunSummary, Failure> {
      do {
        return .success(
          try await FinderSession.runFinder(
            source: track.fixSource,
            options: options,
            backend: backend,
            writer: writer,
            recordSink: nil,
            cacheFile: cacheFile,
            database: database,
            hours: hours,
            view: nil,
            arguments: arguments,
            sharing: shared,
            label: "receiver \(name)"
          )
        )
      } catch let code as ExitCode {
        return .failure(.exit(code))
      } catch let lost as SharedCacheLost {
        return .failure(.cacheLost(lost.error))
      } catch {
        printError("receiver \(name): \(error)")
        return .failure(.exit(Sysexits.ioError))
      }
    }
  }
}
