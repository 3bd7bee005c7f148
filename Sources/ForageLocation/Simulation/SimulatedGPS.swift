import ForageSupport
import ForageTracks
import Foundation

/// A location provider that replays a track's fixes on a clock, like gpsd's `gpsfake` or
/// Xcode's GPX simulation, with optional seeded accuracy noise and dropouts.
///
/// The provider is an event source: it produces the system's location events (the initial
/// authorization, Settings changes from a ``PermissionScenario``, fixes and transient errors)
/// in time order; the app dispatches them to its store.
public struct SimulatedGPS: Sendable {
  /// What the provider produces.
  public enum Output: Sendable, Equatable {
    /// The system reports an authorization (the initial one, or a change in Settings).
    case authorization(AuthorizationStatus, AccuracyAuthorization, at: Date)
    /// A fix arrived; `index` counts every fix of the track from 0.
    case fix(index: Int, fix: Fix, at: Date)
    /// The fix at `index` was lost (a dropout): CoreLocation's transient `locationUnknown`.
    case locationUnknown(index: Int, at: Date)
  }

  /// Noise and dropouts added to the track, for testing fix filtering.
  public struct Perturbation: Sendable, Equatable {
    /// Standard deviation of the position noise in metres (0: none).
    public var noise: Double
    /// Probability that a fix is lost and reported as `locationUnknown` (0: none).
    public var dropoutProbability: Double
    /// The seed for both.
    public var seed: UInt64

    /// Creates a perturbation.
    public init(noise: Double = 0, dropoutProbability: Double = 0, seed: UInt64 = 1) {
      self.noise = noise
      self.dropoutProbability = dropoutProbability
      self.seed = seed
    }

    /// No noise and no dropouts.
    public static let none = Perturbation()
  }

  /// The interval assumed between fixes that have no time.
  public static let untimedInterval: Duration = .seconds(1)

  /// Starts a timeline on the clock and returns a function that sleeps until an offset from its
  /// start (the clock's type is erased here, where it is still known).
  private let startTimeline: @Sendable () -> @Sendable (Duration) async throws -> Void
  private let perturbation: Perturbation

  /// Creates a provider.
  ///
  /// - Parameters:
  ///   - clock: The clock the replay runs on: a ``VirtualClock`` for deterministic replays,
  ///     a ``ScaledClock`` for `--realtime` or `--speed N`.
  ///   - perturbation: Noise and dropouts; none by default.
  public init<C: Clock<Duration>>(clock: C, perturbation: Perturbation = .none) {
    startTimeline = {
      let start = clock.now
      return { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) }
    }
    self.perturbation = perturbation
  }

  /// Replays fixes, calling `emit` for each output in time order and waiting for it to return
  /// before going on (so a virtual replay can let the app settle between fixes).
  ///
  /// - Parameters:
  ///   - fixes: The track's fixes, in order.
  ///   - scenario: The permission scenario; its initial status is always reported first.
  ///   - emit: Receives each output.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func replay<Fixes: Sequence<Fix>>(
    _ fixes: Fixes,
    scenario: PermissionScenario,
    emit: (Output) async throws -> Void
  ) async throws {
    var iterator = fixes.makeIterator()
    try await replay(next: { iterator.next() }, scenario: scenario, emit: emit)
  }

  /// Replays fixes pulled one at a time from a streaming source, such as a ``TrackReader``.
  ///
  /// - Parameters:
  ///   - next: Returns the next fix, `nil` at the end, or throws (for example a ``TrackError``
  ///     for a malformed file), which ends the replay with that error.
  ///   - scenario: The permission scenario; its initial status is always reported first.
  ///   - emit: Receives each output.
  public func replay(
    next: () throws -> Fix?,
    scenario: PermissionScenario,
    emit: (Output) async throws -> Void
  ) async throws {
    try await replay(readings: { try next().map(GPSReading.fix) }, scenario: scenario, emit: emit)
  }

  /// The most readings without a time held back waiting for the first time.
  public static let untimedLookAhead = 10_000

  /// Replays what a ``FixSource`` reads, one reading at a time: fixes, and the receiver's
  /// reports that it has none (which become ``Output/locationUnknown(index:at:)``).
  ///
  /// Readings are indexed from 0 and placed on the clock by their times, offsets from the first
  /// time, never backwards: a reading earlier than the one before (a new timeline) is not waited
  /// for, and is stamped with its own time, as any fix's events carry its time. A reading
  /// without a time comes 1 s after the one before from a file (an untimed track's pace), and at
  /// the last time known from a live source (one with a `fallbackTime`), whose readings come in
  /// their own time. Readings before the first one with a
  /// time (a receiver that does not know the date yet) wait for it, up to ``untimedLookAhead``,
  /// and are placed at that time: no reading without a time is stamped before the first one.
  /// When the source ends, or that many wait, before any time arrives, they are placed at
  /// `fallbackTime` (a live source's clock), else from 1970-01-01. Give a live source a
  /// ``VirtualClock``, whose sleeps return at once.
  ///
  /// - Parameters:
  ///   - next: Returns the next reading, `nil` at the end, or throws, which ends the replay with
  ///     that error.
  ///   - scenario: The permission scenario; its initial status is always reported first.
  ///   - fallbackTime: The time to start from when no reading has one (``FixSource/fallbackTime``).
  ///   - emit: Receives each output.
  public func replay(
    readings next: () async throws -> GPSReading?,
    scenario: PermissionScenario,
    fallbackTime: (@Sendable () -> Date)? = nil,
    emit: (Output) async throws -> Void
  ) async throws {
    var random = SplitMix64(seed: perturbation.seed)
    let sleep = startTimeline()
    var startTime: Date?
    var lastOffset = Duration.zero
    var applied = Set<Int>()
    var index = 0
    var held: [GPSReading] = []
    let isFile = fallbackTime == nil

    /// Places one reading on the timeline, `stepsWhenUntimed` deciding whether a reading without
    /// a time comes 1 s after the one before or at the same time.
    func place(_ reading: GPSReading, stepsWhenUntimed: Bool) async throws {
      try Task.checkCancellation()
      let start = startTime ?? Date(timeIntervalSince1970: 0)
      let offset: Duration
      // A reading earlier than the one before (a new timeline the reader followed, or one kept
      // on purpose) waits for nothing, but carries its own time: it stuck at the one before's.
      var ownTime: Date? = nil
      if let time = reading.time {
        let seconds = time.timeIntervalSince(start)
        let own = Duration.checkedSeconds(seconds)
        offset = max(lastOffset, own ?? lastOffset)
        if own.map({ $0 < lastOffset }) ?? true { ownTime = time }
      } else {
        offset = index == 0 || !stepsWhenUntimed ? lastOffset : lastOffset + Self.untimedInterval
      }
      lastOffset = offset
      try await sleep(offset)
      let at = ownTime ?? start.addingTimeInterval(offset.seconds)
      for position in scenario.dueChanges(beforeFix: index, elapsed: offset, applied: applied) {
        applied.insert(position)
        let change = scenario.changes[position]
        try await emit(.authorization(change.status, change.accuracy, at: at))
      }
      switch reading {
      case .locationUnknown:
        try await emit(.locationUnknown(index: index, at: at))
      case .fix(let original):
        if perturbation.dropoutProbability > 0, random.unit() < perturbation.dropoutProbability {
          try await emit(.locationUnknown(index: index, at: at))
        } else {
          try await emit(.fix(index: index, fix: perturbed(original, with: &random), at: at))
        }
      }
      index += 1
    }

    while true {
      let reading = try await next()
      if startTime == nil {
        if let reading, reading.time == nil, held.count < Self.untimedLookAhead {
          held.append(reading)
          continue
        }
        guard reading != nil || !held.isEmpty else { return }
        // The first time is known, or none will come: the held readings wait no longer.
        let isTimed = reading?.time != nil
        let first = reading?.time ?? fallbackTime?() ?? Date(timeIntervalSince1970: 0)
        startTime = first
        try await emit(.authorization(scenario.initialStatus, scenario.initialAccuracy, at: first))
        // At a time that came, or a clock's, they all take it; from 1970, 1 s apart as ever.
        for waiting in held { try await place(waiting, stepsWhenUntimed: !isTimed && isFile) }
        held = []
      }
      guard let reading else { return }
      try await place(reading, stepsWhenUntimed: isFile)
    }
  }

  private func perturbed(_ fix: Fix, with random: inout SplitMix64) -> Fix {
    guard perturbation.noise > 0 else { return fix }
    var noisy = fix
    let metresPerDegree = 111_320.0
    let north = random.gaussian() * perturbation.noise
    let east = random.gaussian() * perturbation.noise
    noisy.latitude = min(90, max(-90, fix.latitude + north / metresPerDegree))
    let scale = max(cos(fix.latitude * .pi / 180), 1e-6) * metresPerDegree
    // Any noise, however large, stays on the globe: the longitude wraps into [-180, 180]
    // (one turn of subtraction was not enough for noise of thousands of kilometres).
    noisy.longitude = remainder(fix.longitude + east / scale, 360)
    noisy.horizontalAccuracy = max(fix.horizontalAccuracy ?? 0, perturbation.noise)
    return noisy
  }
}
