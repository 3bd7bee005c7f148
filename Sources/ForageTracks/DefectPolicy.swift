import ForageGeodesy
import ForageSupport
import Foundation

/// Applies the defect policies of ``TrackReadOptions`` to the points a parser produced, in order.
///
/// Track points, route points and waypoints are separate streams (a GPX file's waypoints are not
/// part of its track), each keeping only its last delivered fix. Points without a time are held
/// back until the next timed point of their stream (at most ``lookAheadLimit``), so their times
/// can be interpolated between their neighbours' (backwards from it before the first timed
/// point); all other work is in constant memory.
struct DefectPolicy {
  /// The most timeless points held back waiting for a timed one.
  static let lookAheadLimit = 10_000

  /// The state of one stream (one ``FixKind``).
  struct Stream {
    var last: Fix?
    var lastTime: Date?
    var lastFileSegment: Int?
    var lastWasInterpolated = false
    var backwardsRun = 0
    var pending: [(fix: Fix, wasSentinel: Bool)] = []
  }

  let options: TrackReadOptions
  /// When the file says it was made (GPX `<metadata><time>`), if it did: where made-up times
  /// start in place of ``TrackReadOptions/timelessStart``.
  private var documentTime: Date?
  private var streams = [Stream](repeating: Stream(), count: FixKind.allCases.count)
  private var segment = -1
  private var lastSegmentKey: (kind: FixKind, fileSegment: Int)?

  init(options: TrackReadOptions) {
    self.options = options
  }

  /// Applies the policies to one point.
  ///
  /// - Parameters:
  ///   - input: The point as the file gave it, `segment` being the file's segment number.
  ///   - emit: Receives the defects found, then the fix unless a policy dropped it.
  mutating func process(_ input: Fix, emit: (TrackEvent) -> Void) {
    var fix = input
    guard fix.latitude.isFinite, fix.longitude.isFinite, abs(fix.latitude) <= 90,
      abs(fix.longitude) <= 180
    else {
      let detail = "lat \(fix.latitude), lon \(fix.longitude)"
      emit(
        .defect(TrackDefect(.invalidCoordinate, point: fix.kind, line: fix.line, detail: detail))
      )
      return
    }
    let removed = fix.removeImplausibleMeasures()
    if !removed.isEmpty {
      let detail = removed.joined(separator: ", ")
      emit(.defect(TrackDefect(.unreadableValue, point: fix.kind, line: fix.line, detail: detail)))
    }
    var wasSentinel = false
    if let time = fix.time, time < options.earliestPlausibleTime {
      wasSentinel = true
      fix.time = nil
    }
    let index = Self.index(fix.kind)
    if case .interpolate = options.missingTime {
      // Every point without a time is held back until the next timed one, so that its time
      // lies between its neighbours' and never overtakes a real time.
      if fix.time == nil {
        if streams[index].pending.count < Self.lookAheadLimit {
          streams[index].pending.append((fix, wasSentinel))
          return
        }
        release(index, before: nil, emit: emit)
      } else if let time = fix.time, !streams[index].pending.isEmpty {
        release(index, before: (fix, time), emit: emit)
      }
    }
    resolve(fix, wasSentinel: wasSentinel, interpolated: false, emit: emit)
  }

  /// Takes the time the file says it was made, as the start of made-up times; a placeholder
  /// time (before ``TrackReadOptions/earliestPlausibleTime``) is no time.
  mutating func useDocumentTime(_ time: Date) {
    if time >= options.earliestPlausibleTime { documentTime = time }
  }

  /// Where made-up times start when no point before them has a time: the file's own time, else
  /// ``TrackReadOptions/timelessStart``.
  private var timelessStart: Date { documentTime ?? options.timelessStart }

  /// Delivers the points still held back, timed forward from the file's time or
  /// ``TrackReadOptions/timelessStart``.
  mutating func finish(emit: (TrackEvent) -> Void) {
    for index in streams.indices where !streams[index].pending.isEmpty {
      release(index, before: nil, emit: emit)
    }
  }

  private static func index(_ kind: FixKind) -> Int {
    switch kind {
    case .trackPoint: 0
    case .routePoint: 1
    case .waypoint: 2
    }
  }

  private var interpolationSpeed: Double {
    if case .interpolate(let speed) = options.missingTime, speed > 0 { return speed }
    return 1.4
  }

  /// Gives the held-back points times and delivers them: between the timed points before and
  /// after them, in proportion to the distance along the track; backwards from the timed point
  /// that follows them when none comes before; forwards from the one before them (or the file's
  /// time, or ``TrackReadOptions/timelessStart``) when none follows, or when the one that
  /// follows is earlier than it (a time going backwards, which the point itself is judged for:
  /// times made up backwards from it were earlier too, so the points were reported given times
  /// and then skipped). Made-up times stop at the
  /// ends of the years forage writes (`Date/clampedToRepresentable`): past
  /// 9999-12-31T23:59:59.999Z the points share that last millisecond, so what forage writes it
  /// reads back, and a made-up time still never overtakes a real one.
  private mutating func release(_ index: Int, before next: (Fix, Date)?, emit: (TrackEvent) -> Void)
  {
    var pending = streams[index].pending
    streams[index].pending = []
    let stream = streams[index]
    if let (following, time) = next, let last = stream.last, let lastTime = stream.lastTime,
      time >= lastTime
    {
      // Both neighbours are timed: share their interval out by distance.
      var legs: [Double] = []
      var anchor = last
      for entry in pending {
        legs.append(Geodesic.distance(anchor, entry.fix))
        anchor = entry.fix
      }
      let total = legs.reduce(0, +) + Geodesic.distance(anchor, following)
      let span = time.timeIntervalSince(lastTime)
      var walked = 0.0
      for position in pending.indices {
        walked += legs[position]
        // Points that did not move share the interval evenly.
        let share =
          total > 0 ? walked / total : Double(position + 1) / Double(pending.count + 1)
        pending[position].fix.time = lastTime.addingTimeInterval(span * share)
      }
    } else if let (following, time) = next, stream.lastTime == nil {
      var anchor = following
      var current = time
      for position in pending.indices.reversed() {
        current -= Geodesic.distance(pending[position].fix, anchor) / interpolationSpeed
        pending[position].fix.time = current.clampedToRepresentable
        anchor = pending[position].fix
      }
    } else {
      var previous = stream.last
      var current = stream.lastTime ?? timelessStart
      for position in pending.indices {
        if let previous {
          current += Geodesic.distance(previous, pending[position].fix) / interpolationSpeed
        }
        pending[position].fix.time = current.clampedToRepresentable
        previous = pending[position].fix
      }
    }
    for (fix, wasSentinel) in pending {
      resolve(fix, wasSentinel: wasSentinel, interpolated: true, emit: emit)
    }
  }

  /// Runs every check but the look-ahead on a point and delivers it unless a policy drops it.
  private mutating func resolve(
    _ input: Fix,
    wasSentinel: Bool,
    interpolated: Bool,
    emit: (TrackEvent) -> Void
  ) {
    var fix = input
    let line = fix.line
    let index = Self.index(fix.kind)
    var stream = streams[index]
    defer { streams[index] = stream }
    // A placeholder time is a missing time: one defect of its own kind, handled as missing.
    let timeDefect: TrackDefect.Kind = wasSentinel ? .sentinelTime : .missingTime
    var isInterpolated = interpolated
    if interpolated {
      emit(.defect(TrackDefect(timeDefect, point: fix.kind, line: line, detail: "interpolated")))
    } else if fix.time == nil {
      switch options.missingTime {
      case .interpolate:
        isInterpolated = true
        emit(.defect(TrackDefect(timeDefect, point: fix.kind, line: line, detail: "interpolated")))
        if let last = stream.last, let lastTime = stream.lastTime {
          fix.time =
            lastTime.addingTimeInterval(Geodesic.distance(last, fix) / interpolationSpeed)
            .clampedToRepresentable
        } else {
          fix.time = timelessStart
        }
      case .keep:
        emit(.defect(TrackDefect(timeDefect, point: fix.kind, line: line)))
      case .drop:
        emit(.defect(TrackDefect(timeDefect, point: fix.kind, line: line, detail: "dropped")))
        return
      }
    }
    let sameFileSegment = stream.lastFileSegment == fix.segment
    let previous = sameFileSegment ? stream.last : nil
    var startsTimeline = false
    if let time = fix.time, let lastTime = stream.lastTime, time < lastTime {
      stream.backwardsRun += 1
      // Several backward points in a row mean the earlier time was the outlier: follow the file.
      startsTimeline = stream.backwardsRun >= TrackReadOptions.newTimelineRun
      let detail = "\(format(lastTime.timeIntervalSince(time))) s earlier"
      let kind: TrackDefect.Kind = startsTimeline ? .newTimeline : .timeBackwards
      emit(.defect(TrackDefect(kind, point: fix.kind, line: line, detail: detail)))
      if options.timeBackwards == .drop, !startsTimeline { return }
    } else {
      stream.backwardsRun = 0
    }
    if let previous, previous.latitude == fix.latitude, previous.longitude == fix.longitude,
      previous.time == fix.time
    {
      emit(.defect(TrackDefect(.duplicatePoint, point: fix.kind, line: line)))
      if options.duplicatePoint == .drop { return }
    }
    if fix.horizontalAccuracy == nil, let hdop = fix.hdop {
      fix.horizontalAccuracy = hdop * options.metresPerHDOP
    }
    if let accuracy = fix.horizontalAccuracy, accuracy < 0 {
      emit(.defect(TrackDefect(.noFix, point: fix.kind, line: line)))
      if options.noFix == .drop { return }
    } else if let hdop = fix.hdop, hdop > options.maximumHDOP {
      emit(
        .defect(
          TrackDefect(.lowAccuracy, point: fix.kind, line: line, detail: "HDOP \(format(hdop))")
        )
      )
      if options.lowAccuracy == .drop { return }
    } else if let accuracy = fix.horizontalAccuracy, accuracy > options.maximumAccuracy {
      emit(
        .defect(
          TrackDefect(
            .lowAccuracy,
            point: fix.kind,
            line: line,
            detail: "accuracy \(format(accuracy)) m"
          )
        )
      )
      if options.lowAccuracy == .drop { return }
    }
    var startsSegment =
      lastSegmentKey.map { $0.kind != fix.kind || $0.fileSegment != fix.segment } ?? true
    if startsTimeline { startsSegment = true }
    // Waypoints are places, not a recording, and interpolated times are made up: gaps and jumps
    // between them mean nothing.
    if fix.kind != .waypoint, !isInterpolated, !stream.lastWasInterpolated, let previous,
      let time = fix.time, let previousTime = previous.time
    {
      let seconds = time.timeIntervalSince(previousTime)
      let separation = FixSeparation(previous, fix)
      let maximumSpeed = options.maximumSpeed
      if seconds > options.gapThreshold {
        emit(
          .defect(
            TrackDefect(.gap, point: fix.kind, line: line, detail: "\(format(seconds / 60)) min")
          )
        )
        if options.gap == .newSegment { startsSegment = true }
      } else if seconds >= 0, separation.decide({ $0 > 0 }),
        seconds == 0
          ? separation.decide({ $0 > maximumSpeed })
          : separation.decide({ $0 / seconds > maximumSpeed })
      {
        let metres = separation.exact
        let speed = seconds > 0 ? "\(format(metres / seconds)) m/s" : "\(format(metres)) m in 0 s"
        emit(.defect(TrackDefect(.implausibleJump, point: fix.kind, line: line, detail: speed)))
        if options.implausibleJump == .drop { return }
      }
    }
    if startsSegment { segment += 1 }
    fix.isTimeEstimated = isInterpolated
    lastSegmentKey = (fix.kind, input.segment)
    fix.segment = segment
    stream.last = fix
    stream.lastFileSegment = input.segment
    stream.lastWasInterpolated = isInterpolated
    if let time = fix.time, startsTimeline || stream.lastTime.map({ time > $0 }) ?? true {
      stream.lastTime = time
      stream.backwardsRun = 0
    }
    emit(.fix(fix))
  }

  private func format(_ value: Double) -> String {
    String(format: "%.1f", value)
  }
}
