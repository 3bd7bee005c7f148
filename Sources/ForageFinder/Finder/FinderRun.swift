import ForageLocation
import ForagePlaces
import ForageStore
import ForageSupport
import ForageTracks
import Foundation

/// One replay of a track through the finder's store: the simulated GPS dispatches, the location
/// machine decides, the places middleware answers, and a subscriber writes the events.
public final class FinderRun {
  private let track: ReplayTrack
  private let options: FinderOptions
  private let provider: any PlacesProvider
  private let requestCount: @Sendable () -> Int

  /// Prepares a run.
  ///
  /// - Parameters:
  ///   - track: The checked track.
  ///   - options: What to search and how to replay.
  ///   - provider: Where places come from.
  ///   - requestCount: Reads how many HTTP requests the provider has sent so far.
  public init(
    track: ReplayTrack,
    options: FinderOptions,
    provider: any PlacesProvider,
    requestCount: @escaping @Sendable () -> Int
  ) {
    self.track = track
    self.options = options
    self.provider = provider
    self.requestCount = requestCount
  }

  /// Runs the replay to its end, or until a fatal failure.
  ///
  /// - Parameters:
  ///   - writer: Receives every event in order; finished (committed) at the end.
  ///   - recording: Where to record every action, or `nil`.
  ///   - progress: Told how many fixes have been replayed, after each one.
  /// - Returns: The totals, and the fatal failure that stopped the run, if any.
  /// - Throws: ``ForageLocation/TrackError`` when the file fails while streaming, or the writer's
  ///   error when output cannot be written.
  public func run(
    writer: any EventWriter,
    recording: (any TextSink)? = nil,
    progress: (@Sendable (Int) -> Void)? = nil
  ) async throws -> FinderOutcome {
    let engine = try PlacesEngine(provider: provider, query: options.query, policy: options.policy)
    let recorder = try recording.map {
      try ActionRecorder(
        sink: $0,
        header: RecordingHeader(filter: options.filter, isChangesOnly: options.isChangesOnly)
      )
    }
    var middleware: [Middleware<FinderState, FinderAction>] = [
      LocationFeature.app(
        state: \.location,
        extract: \.location,
        embed: { .location($0, at: .distantPast) }
      ),
      LocationFeature.system(
        options.scenario,
        state: \.location,
        extract: \.location,
        embed: { .location($0, at: .distantPast) }
      ),
      PlacesMiddleware.make(engine),
    ]
    if let recorder { middleware.append(recorder.middleware) }
    middleware.insert(Self.stampingTime, at: 0)
    let store = Store(
      initialState: FinderState(
        query: options.query,
        filter: options.filter,
        isChangesOnly: options.isChangesOnly
      ),
      reducer: Reducer(FinderState.reduce),
      middleware: middleware
    )
    let sink = EventSink(writer)
    let subscription = store.subscribe(\.outbox) { sink.write($0) }
    defer { subscription.cancel() }

    let gps: SimulatedGPS
    switch options.pacing {
    case .virtual: gps = SimulatedGPS(clock: VirtualClock(), perturbation: options.perturbation)
    case .speed(let speed):
      gps = SimulatedGPS(clock: ScaledClock(speed: speed), perturbation: options.perturbation)
    }
    let waitsForAnswers = options.pacing == .virtual
    var lastTime = Date(timeIntervalSince1970: 0)
    var replayed = 0
    do {
      try await gps.replay(next: try track.makeFixSource(), scenario: options.scenario) { output in
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
    store.dispatch(.runFinished(at: lastTime, requests: requestCount()))
    try sink.finish()
    try recorder?.finish()
    return FinderOutcome(summary: store.state.summary, fatalFailure: store.state.fatalFailure)
  }

  /// Gives actions that middleware dispatch without a time (the app's and the system's location
  /// actions) the current replay time, so every recorded action carries its real time.
  private static let stampingTime = Middleware<FinderState, FinderAction> { context, action, next in
    if case .location(let location, let at) = action, at == .distantPast {
      next(.location(location, at: context.state.now))
    } else {
      next(action)
    }
  }
}

/// Ends a replay early after a fatal failure.
private struct FatalStop: Error {}
