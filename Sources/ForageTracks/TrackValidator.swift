import ForageGeodesy
import Foundation

/// Builds a ``TrackSummary`` from a reader's events in one pass, in constant memory.
public struct TrackValidator: Sendable {
  /// How many line numbers a summary keeps per defect class.
  public static let lineLimit = 5
  /// The speed (m/s) from which an interval counts as moving.
  public static let movingSpeed = 0.5

  /// Distance and speed along one kind of path.
  struct PathStatistics: Sendable {
    var last: Fix?
    var lastWasInterpolated = false
    var fixes = 0
    var distance = 0.0
    var maximumSpeed: Double?
    var movingDistance = 0.0
    var movingTime = 0.0

    mutating func add(_ fix: Fix, interpolated: Bool, jumpSpeed: Double) {
      fixes += 1
      let previousWasInterpolated = lastWasInterpolated
      defer {
        last = fix
        lastWasInterpolated = interpolated
      }
      guard let last, last.segment == fix.segment else { return }
      let metres = Geodesic.distance(last, fix)
      distance += metres
      guard !interpolated, !previousWasInterpolated, let from = last.time, let to = fix.time else {
        return
      }
      let seconds = to.timeIntervalSince(from)
      guard seconds > 0 else { return }
      let speed = metres / seconds
      guard speed <= jumpSpeed else { return }
      maximumSpeed = max(maximumSpeed ?? 0, speed)
      if speed >= TrackValidator.movingSpeed {
        movingDistance += metres
        movingTime += seconds
      }
    }
  }

  /// What the fixes of one kind add up to: a run replays one kind only.
  struct KindStatistics: Sendable {
    var path = PathStatistics()
    var segments = 0
    var lastSegment: Int?
    var start: Date?
    var end: Date?
    var bounds: TrackSummary.Bounds?
    /// Fixes whose time was made up (``Fix/isTimeEstimated``).
    var estimatedTimes = 0

    /// The fixes of this kind.
    var fixes: Int { path.fixes }

    mutating func add(_ fix: Fix, interpolated: Bool, jumpSpeed: Double) {
      path.add(fix, interpolated: interpolated, jumpSpeed: jumpSpeed)
      if fix.isTimeEstimated { estimatedTimes += 1 }
      if fix.segment != lastSegment {
        segments += 1
        lastSegment = fix.segment
      }
      if let time = fix.time, !interpolated {
        start = min(start ?? time, time)
        end = max(end ?? time, time)
      }
      if var box = bounds {
        box.minLatitude = min(box.minLatitude, fix.latitude)
        box.maxLatitude = max(box.maxLatitude, fix.latitude)
        box.minLongitude = min(box.minLongitude, fix.longitude)
        box.maxLongitude = max(box.maxLongitude, fix.longitude)
        bounds = box
      } else {
        bounds = .init(
          minLatitude: fix.latitude,
          minLongitude: fix.longitude,
          maxLatitude: fix.latitude,
          maxLongitude: fix.longitude
        )
      }
    }
  }

  private let options: TrackReadOptions
  private var kinds: [FixKind: KindStatistics] = [:]
  private var nextTimeIsInterpolated = false
  private var defects = DefectTally()

  /// Creates an empty validator for a reader using these options.
  public init(options: TrackReadOptions = TrackReadOptions()) {
    self.options = options
  }

  /// Takes one event into account.
  public mutating func add(_ event: TrackEvent) {
    switch event {
    case .defect(let defect):
      if defect.kind == .missingTime || defect.kind == .sentinelTime,
        defect.detail == "interpolated"
      {
        nextTimeIsInterpolated = true
      }
      defects.add(defect)
    case .fix(let fix):
      kinds[fix.kind, default: KindStatistics()].add(
        fix,
        interpolated: nextTimeIsInterpolated,
        jumpSpeed: options.maximumSpeed
      )
      nextTimeIsInterpolated = false
    }
  }

  /// The summary of the events so far.
  ///
  /// - Parameters:
  ///   - file: The path to report.
  ///   - format: The format the file was read as.
  ///   - counts: The reader's ``TrackReader/counts``.
  public func summary(file: String, format: TrackFormat, counts: TrackFileCounts) -> TrackSummary {
    // The fixes a run would replay: the same rule as `forage run`.
    let replayed = FixKind.replayed(from: kinds.mapValues(\.fixes))
    let chosen = replayed.flatMap { kinds[$0] } ?? KindStatistics()
    let fixes = chosen.fixes
    var problem: String?
    if fixes == 0 {
      problem =
        counts.points == 0 ? "the file holds no points" : "no point survived the defect policies"
    }
    let counted = defects.counts(replaying: replayed)
    if fixes > 0, options.missingTime == .drop,
      let missing = counted.first(where: { $0.kind == .missingTime })
    {
      problem = "\(missing.count) point(s) have no time and times are required"
    }
    var summary = TrackSummary(
      file: file,
      format: format,
      points: counts.points,
      counts: counts,
      fixes: fixes,
      replayedKind: replayed,
      segments: chosen.segments,
      start: chosen.start,
      end: chosen.end,
      distance: chosen.path.distance,
      maximumSpeed: chosen.path.maximumSpeed,
      meanMovingSpeed: chosen.path.movingTime > 0
        ? chosen.path.movingDistance / chosen.path.movingTime : nil,
      bounds: chosen.bounds,
      defects: counted,
      problem: problem
    )
    summary.estimatedTimes = chosen.estimatedTimes
    return summary
  }

  /// Reads a whole track and summarises it.
  ///
  /// - Parameters:
  ///   - url: The file to read.
  ///   - format: The format, or `nil` to choose it from the name or the content.
  ///   - options: The defect policies and thresholds.
  /// - Returns: The summary; check ``TrackSummary/isUsable``.
  /// - Throws: ``TrackError`` when the file cannot be read or is malformed.
  public static func validate(
    url: URL,
    format: TrackFormat? = nil,
    options: TrackReadOptions = TrackReadOptions()
  ) throws(TrackError) -> TrackSummary {
    try validate(path: url.path, format: format, options: options)
  }

  /// Reads a whole track named on a command line (a path, or `-` for standard input; a pipe or
  /// a FIFO is read once) and summarises it; see ``validate(url:format:options:)``.
  public static func validate(
    path: String,
    format: TrackFormat? = nil,
    options: TrackReadOptions = TrackReadOptions()
  ) throws(TrackError) -> TrackSummary {
    let reader = try TrackReader.open(path: path, format: format, options: options)
    var validator = TrackValidator(options: options)
    while let event = try reader.next() { validator.add(event) }
    return validator.summary(file: reader.path, format: reader.format, counts: reader.counts)
  }
}
