import Foundation

/// How a ``TrackReader`` deals with each class of ``TrackDefect``, and the thresholds it uses.
///
/// The defaults suit replaying a walk, a ride or a drive: nothing usable is thrown away, obvious
/// garbage is, and every decision is reported as a defect event.
public struct TrackReadOptions: Sendable, Hashable {
  /// What to do with a point that has no usable time.
  public enum MissingTimePolicy: Sendable, Hashable {
    /// Give it a time made up from its neighbours' (``Fix/isTimeEstimated``): the previous
    /// fix's time plus the geodesic distance travelled at this speed (m/s), as Xcode does when it
    /// replays waypoints, or the next timed fix's time less that when none came before it. A
    /// track with no time at all starts when the file says it was made (GPX
    /// `<metadata><time>`), else at ``TrackReadOptions/timelessStart``.
    case interpolate(metresPerSecond: Double)
    /// Deliver the fix with a `nil` time.
    case keep
    /// Drop the fix (a track that requires times).
    case drop
  }

  /// Whether a defective fix is delivered or dropped.
  public enum KeepOrDrop: Sendable, Hashable {
    /// Deliver the fix anyway (the defect is still reported).
    case keep
    /// Drop the fix.
    case drop
  }

  /// What to do at a pause longer than ``gapThreshold``.
  public enum GapPolicy: Sendable, Hashable {
    /// Start a new segment, as a receiver does after losing reception.
    case newSegment
    /// Keep the fix in the current segment.
    case keep
  }

  /// Points without a time; the default interpolates at a walking 1.4 m/s.
  public var missingTime: MissingTimePolicy = .interpolate(metresPerSecond: 1.4)
  /// Where interpolated times start when a track has no time at all and the file does not say
  /// when it was made.
  public var timelessStart = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01T00:00:00Z
  /// Points earlier than the fix before them; dropped by default, until
  /// ``newTimelineRun`` in a row start a new timeline.
  public var timeBackwards: KeepOrDrop = .drop
  /// How many points in a row earlier than the fix before them make a new timeline: the earlier
  /// time was the outlier, and the reader follows the file's new times (in a new segment).
  public static let newTimelineRun = 3
  /// Points repeating the previous fix's position and time; dropped by default.
  public var duplicatePoint: KeepOrDrop = .drop
  /// Moves faster than ``maximumSpeed``; kept by default (the GPS filter decides).
  public var implausibleJump: KeepOrDrop = .keep
  /// The speed (m/s) above which a move counts as an implausible jump: 50 m/s is 180 km/h.
  public var maximumSpeed = 50.0
  /// Pauses longer than ``gapThreshold``; they start a new segment by default.
  public var gap: GapPolicy = .newSegment
  /// The pause (seconds) that counts as a loss of reception.
  public var gapThreshold: TimeInterval = 300
  /// Fixes with a high HDOP or a poor accuracy; kept by default.
  public var lowAccuracy: KeepOrDrop = .keep
  /// The HDOP above which a fix counts as low accuracy.
  public var maximumHDOP = 5.0
  /// The horizontal accuracy (metres) above which a fix counts as low accuracy.
  public var maximumAccuracy = 100.0
  /// Fixes a receiver marked as invalid (GGA quality 0 beside a valid RMC, negative accuracy);
  /// kept with a negative ``Fix/horizontalAccuracy`` by default, which CoreLocation-style
  /// filters drop.
  public var noFix: KeepOrDrop = .keep
  /// Metres of UERE per unit of HDOP, to turn an HDOP into a ``Fix/horizontalAccuracy``.
  public var metresPerHDOP = 5.0
  /// Times before this instant are sentinels for "no time" (the default is the GPS epoch,
  /// 1980-01-06, which catches 1901-12-13T20:45:52Z and the Unix epoch 0).
  public var earliestPlausibleTime = Date(timeIntervalSince1970: 315_964_800)

  /// The default options.
  public init() {}

  /// Options that refuse points without times instead of interpolating them.
  public static var requiringTimes: TrackReadOptions {
    var options = TrackReadOptions()
    options.missingTime = .drop
    return options
  }
}
