import ForageTracks
import Foundation

/// What a source of fixes reads, a track file or a live gpsd alike: a fix, or the receiver's word
/// that it has no location.
public enum GPSReading: Sendable, Equatable {
  /// A fix.
  case fix(Fix)
  /// The receiver has no location now (gpsd's TPV mode 0 or 1); `time` if it said.
  case locationUnknown(time: Date?)

  /// The reading's time, if known.
  public var time: Date? {
    switch self {
    case .fix(let fix): fix.time
    case .locationUnknown(let time): time
    }
  }
}
