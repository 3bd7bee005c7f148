import ForageLocation
import ForageStore
import ForageSupport
import Foundation

/// The finder as an assembly: run options and an ordered, public middleware chain that a
/// replay goes through.
///
/// Every side effect is one ``FinderMiddleware`` in ``middleware``: stamping times, the
/// location machine's app and system sides, places, notifications, the recorder, logging, and
/// any of your own. Add, remove or reorder them before calling ``run(track:writer:progress:)``.
///
/// ```swift
/// var finder = Finder(
///   options: FinderOptions(query: PlacesQuery(radius: 300, limit: 5)),
///   middleware: Finder.defaultMiddleware(places: .places(provider))
/// )
/// finder.middleware.append(myMiddleware)
/// let outcome = try await finder.run(track: track, writer: NDJSONWriter(sink: StandardOutputSink()))
/// ```
public struct Finder: Sendable {
  /// What is searched at every fix and how the track is replayed.
  public var options: FinderOptions
  /// The middleware every action passes through, in order, before the reducer.
  public var middleware: [FinderMiddleware]
  /// More views of the run beside the writer (a live terminal view, say): each subscribes to
  /// the run's store when the run starts, and its subscription is cancelled when it ends.
  public var subscribers: [FinderSubscriber] = []

  /// Creates an assembly.
  ///
  /// - Parameters:
  ///   - options: What to search and how to replay.
  ///   - middleware: The chain, in order; usually ``defaultMiddleware(places:notifications:recorder:logging:)``
  ///     with your changes.
  public init(options: FinderOptions = FinderOptions(), middleware: [FinderMiddleware]) {
    self.options = options
    self.middleware = middleware
  }

  /// Runs the replay to its end, or until a fatal failure.
  ///
  /// The simulated GPS dispatches each fix; with virtual pacing the run waits for the store to be
  /// idle (every answer in) before the next. When the track ends, the middleware's track-end hooks
  /// run (notifications flush), then the summary is reduced and the run-end hooks run (the
  /// recorder commits).
  ///
  /// - Parameters:
  ///   - track: The checked track.
  ///   - writer: Receives every event in order; finished (committed) at the end.
  ///   - progress: Told how many fixes have been replayed, after each one.
  /// - Returns: The totals, and the fatal failure that stopped the run, if any.
  /// - Throws: An error a middleware's setup threw, `ForageTracks/TrackError` when the file
  ///   fails while streaming, or the writer's or a run-end hook's error.
  public func run(
    track: ReplayTrack,
    writer: any EventWriter,
    progress: (@Sendable (Int) -> Void)? = nil
  ) async throws -> FinderOutcome {
    try await run(source: track.fixSource, writer: writer, progress: progress)
  }

  /// Runs the finder on any fix source (a track, or a live receiver such as gpsd) to its end,
  /// or until a fatal failure; see ``run(track:writer:progress:)``.
  ///
  /// - Parameters:
  ///   - source: Where the readings come from.
  ///   - writer: Receives every event in order; finished (committed) at the end.
  ///   - progress: Told how many readings have been replayed, after each one.
  /// - Returns: The totals, and the fatal failure that stopped the run, if any.
  /// - Throws: An error a middleware's setup threw, the source's error, or the writer's or a
  ///   run-end hook's error.
  public func run(
    source: FixSource,
    writer: any EventWriter,
    progress: (@Sendable (Int) -> Void)? = nil
  ) async throws -> FinderOutcome {
    let setup = FinderSetup(options: options, isCoverageWanted: writer.wantsCoverage)
    let monitor = EffectMonitor()
    let chain = try middleware.map { try $0.make(setup, monitor) }
    monitor.observe(with: setup.effectObservers)
    let store = Store(
      initialState: FinderState(
        query: options.query,
        filter: options.filter,
        isChangesOnly: options.isChangesOnly,
        attribution: setup.attribution
      ),
      reducer: Reducer(FinderState.reduce),
      middleware: chain
    )
    let sink = EventSink(writer, onOwnThread: options.writesOnOwnThread)
    defer { sink.close() }
    let subscription = store.subscribe(\.outbox) { sink.write($0) }
    defer { subscription.cancel() }
    let views = subscribers.map { $0(store) }
    defer { for view in views { view.cancel() } }

    let lastTime = try await replay(source, into: store, progress: progress)
    for hook in setup.trackEndHooks {
      for action in await hook() { store.dispatch(action) }
      await store.idle()
    }
    store.dispatch(
      .runFinished(
        at: lastTime,
        requests: setup.requestCount,
        requestsBySKU: setup.requestsBySKU
      )
    )
    try sink.finish()
    for hook in setup.runEndHooks { try hook() }
    return FinderOutcome(summary: store.state.summary, fatalFailure: store.state.fatalFailure)
  }

  /// Replays the source into the store and returns the replay time of the last event.
  private func replay(
    _ source: FixSource,
    into store: Store<FinderState, FinderAction>,
    progress: (@Sendable (Int) -> Void)?
  ) async throws -> Date {
    let gps: SimulatedGPS
    switch options.pacing {
    case .virtual: gps = SimulatedGPS(clock: VirtualClock(), perturbation: options.perturbation)
    case .speed(let speed):
      gps = SimulatedGPS(clock: ScaledClock(speed: speed), perturbation: options.perturbation)
    case .steered(let clock):
      gps = SimulatedGPS(clock: clock, perturbation: options.perturbation)
    }
    let waitsForAnswers = options.pacing == .virtual
    var lastTime = Date(timeIntervalSince1970: 0)
    var replayed = 0
    do {
      let next = try source.makeReadings()
      try await gps.replay(
        readings: next,
        scenario: options.scenario,
        fallbackTime: source.fallbackTime
      ) { output in
        switch output {
        case .authorization(let status, let accuracy, let at):
          lastTime = at
          store.dispatch(.location(.authorizationChanged(status, accuracy), at: at))
        case .fix(let index, let fix, let at):
          lastTime = at
          replayed += 1
          store.dispatch(.location(.fixReceived(index: index, fix: fix, receivedAt: at), at: at))
        case .locationUnknown(let index, let at):
          lastTime = at
          replayed += 1
          store.dispatch(.location(.locationUnknown(index: index), at: at))
        }
        if waitsForAnswers { await store.idle() }
        if case .authorization = output {} else { progress?(replayed) }
        if store.state.fatalFailure != nil { throw FatalStop() }
      }
    } catch is FatalStop {}
    await store.idle()
    return lastTime
  }
}

/// Ends a replay early after a fatal failure.
private struct FatalStop: Error {}
