import ForageSupport
import ForageTracks
import Foundation

/// The rules that decide which fixes reach the app, as CoreLocation's filtering would.
public struct FixFilter: Sendable, Hashable {
  /// Fixes closer than this to the last delivered one are dropped (`distanceFilter`); 0 keeps all.
  public var distanceFilter: Double
  /// Fixes whose horizontal accuracy is worse than this, in metres, are dropped; `nil` keeps all.
  public var maximumAccuracy: Double?
  /// Fixes whose HDOP is above this are dropped as low accuracy; `nil` keeps all.
  public var maximumHDOP: Double?
  /// Fixes older than this relative to the clock when they arrive are dropped as stale.
  public var maximumAge: Duration?
  /// A fix implying a faster speed from the last delivered one, in m/s, is dropped.
  public var maximumSpeed: Double
  /// With reduced accuracy, the least time between two deliveries.
  public var reducedAccuracyInterval: Duration
  /// With reduced accuracy, the grid, in degrees of latitude, that positions are snapped to.
  public var reducedAccuracyGrid: Double

  /// Creates a filter.
  ///
  /// - Parameters:
  ///   - distanceFilter: Metres; 0 delivers every fix.
  ///   - maximumAccuracy: Worst accepted accuracy in metres; `nil` accepts any.
  ///   - maximumHDOP: Highest accepted HDOP; `nil` accepts any.
  ///   - maximumAge: Oldest accepted fix relative to the clock; `nil` accepts any age.
  ///   - maximumSpeed: Fastest plausible speed in m/s (default 100, faster than any car on a walk
  ///     track and slower than a GPS glitch).
  ///   - reducedAccuracyInterval: Least time between reduced-accuracy deliveries.
  ///   - reducedAccuracyGrid: Reduced-accuracy snapping grid in degrees of latitude.
  public init(
    distanceFilter: Double = 0,
    maximumAccuracy: Double? = nil,
    maximumHDOP: Double? = nil,
    maximumAge: Duration? = nil,
    maximumSpeed: Double = 100,
    reducedAccuracyInterval: Duration = .seconds(15 * 60),
    reducedAccuracyGrid: Double = 0.05
  ) {
    self.distanceFilter = distanceFilter
    self.maximumAccuracy = maximumAccuracy
    self.maximumHDOP = maximumHDOP
    self.maximumAge = maximumAge
    self.maximumSpeed = maximumSpeed
    self.reducedAccuracyInterval = reducedAccuracyInterval
    self.reducedAccuracyGrid = reducedAccuracyGrid
  }

  /// The filter `forage run` uses: what the track reader reports as low accuracy (an HDOP above
  /// ``ForageTracks/TrackReadOptions/maximumHDOP`` or an accuracy worse than
  /// ``ForageTracks/TrackReadOptions/maximumAccuracy``, by default 5 and 100 m) is dropped as
  /// ``DropReason/lowAccuracy``, a live fix as a fix read from a file.
  ///
  /// - Parameter distanceFilter: Metres; 0 delivers every fix.
  /// - Returns: The filter.
  public static func standard(distanceFilter: Double = 0) -> FixFilter {
    let limits = TrackReadOptions()
    return FixFilter(
      distanceFilter: distanceFilter,
      maximumAccuracy: limits.maximumAccuracy,
      maximumHDOP: limits.maximumHDOP
    )
  }

  /// Decides whether a fix is delivered, given the last delivered fix.
  ///
  /// A fix earlier than the last delivered one is stale, unless a new timeline starts with it,
  /// as the track reader decides in a file: it is in another segment (the reader starts one for
  /// a new timeline, a live source one for each connection), or it is the
  /// ``ForageTracks/TrackReadOptions/newTimelineRun``th fix in a row earlier than that one (a
  /// receiver or a replayed log whose times start again).
  ///
  /// - Parameters:
  ///   - fix: The fix as the provider produced it.
  ///   - last: The last delivered fix, if any.
  ///   - now: The clock's time when the fix arrived, for the age check.
  ///   - accuracy: The current accuracy authorization.
  ///   - earlierRun: How many fixes in a row, this one included, were earlier than `last` in its
  ///     segment.
  /// - Returns: The fix to deliver (coarsened when accuracy is reduced), or why it is dropped.
  public func decide(
    _ fix: Fix,
    after last: Fix?,
    now: Date?,
    accuracy: AccuracyAuthorization,
    earlierRun: Int = 0
  ) -> FixDecision {
    if let reported = fix.horizontalAccuracy, reported < 0 { return .drop(.invalid) }
    if let maximumAccuracy, let reported = fix.horizontalAccuracy, reported > maximumAccuracy {
      return .drop(.lowAccuracy)
    }
    if let maximumHDOP, let hdop = fix.hdop, hdop > maximumHDOP { return .drop(.lowAccuracy) }
    if let maximumAge, let now, let time = fix.time,
      now.timeIntervalSince(time) > maximumAge.seconds
    {
      return .drop(.stale)
    }
    var delivered = fix
    if accuracy == .reduced { delivered = coarsened(fix) }
    guard let last else { return .deliver(delivered) }
    if let time = fix.time, let lastTime = last.time {
      if time < lastTime {
        let startsTimeline =
          fix.segment != last.segment || earlierRun >= TrackReadOptions.newTimelineRun
        if !startsTimeline { return .drop(.stale) }
      } else if accuracy == .reduced,
        time.timeIntervalSince(lastTime) < reducedAccuracyInterval.seconds
      {
        return .drop(.reducedAccuracyRate)
      }
    }
    let distance = FixSeparation(last, delivered)
    if accuracy == .full, let time = fix.time, let lastTime = last.time {
      let elapsed = time.timeIntervalSince(lastTime)
      if elapsed > 0, distance.decide({ $0 / elapsed > maximumSpeed }) {
        return .drop(.implausibleJump)
      }
      if elapsed == 0, distance.decide({ $0 > maximumSpeed }) { return .drop(.implausibleJump) }
    }
    if distanceFilter > 0, distance.decide({ $0 < distanceFilter }) {
      return .drop(.distanceFilter)
    }
    return .deliver(delivered)
  }

  /// The fix as reduced accuracy reports it: snapped to a coarse grid, with a matching accuracy.
  func coarsened(_ fix: Fix) -> Fix {
    var coarse = fix
    // Divide by cells per degree rather than multiply by the grid, so 1203 cells of 0.05°
    // print as 60.15 and not 60.150000000000006.
    let grid = reducedAccuracyGrid
    let cellsPerDegree = (1 / grid).rounded()
    coarse.latitude = ((fix.latitude * cellsPerDegree).rounded() / cellsPerDegree).clamped(
      to: -90...90
    )
    let longitudeCells = cellsPerDegree / 2
    coarse.longitude = (fix.longitude * longitudeCells).rounded() / longitudeCells
    if coarse.longitude > 180 { coarse.longitude -= 360 }
    if coarse.longitude < -180 { coarse.longitude += 360 }
    coarse.horizontalAccuracy = max(fix.horizontalAccuracy ?? 0, grid * 111_000)
    return coarse
  }
}

extension Comparable {
  fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
    min(max(self, range.lowerBound), range.upperBound)
  }
}
