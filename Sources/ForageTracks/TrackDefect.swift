/// Something wrong with one place in a track file that the reader survived.
///
/// Defects never stop a read; each ``Kind`` has a policy in ``TrackReadOptions`` that says what
/// happens to the fix concerned (kept, dropped, given a time, or starting a new segment).
public struct TrackDefect: Sendable, Hashable, Codable {
  /// The classes of defect the readers recognise.
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// A point without a time (or with one that could not be parsed).
    case missingTime = "missing_time"
    /// A time before the GPS epoch, such as 1901-12-13T20:45:52Z (`INT32_MIN` seconds).
    case sentinelTime = "sentinel_time"
    /// A point earlier than the fix delivered before it.
    case timeBackwards = "time_backwards"
    /// A point earlier than the fix delivered before it, the
    /// ``TrackReadOptions/newTimelineRun``th in a row: the earlier time was the outlier, and
    /// the point is kept, starting a new timeline in a new segment.
    case newTimeline = "new_timeline"
    /// The same position (and time) as the fix delivered just before it.
    case duplicatePoint = "duplicate_point"
    /// A move from the previous fix faster than ``TrackReadOptions/maximumSpeed``.
    case implausibleJump = "implausible_jump"
    /// A pause longer than ``TrackReadOptions/gapThreshold`` between two fixes.
    case gap
    /// A latitude or longitude that is missing, not a number, or out of range.
    case invalidCoordinate = "invalid_coordinate"
    /// An HDOP above ``TrackReadOptions/maximumHDOP`` or an accuracy above the accuracy limit.
    case lowAccuracy = "low_accuracy"
    /// A receiver that said it had no fix: RMC status `V` or GGA fix quality 0.
    case noFix = "no_fix"
    /// A GPX track segment (`trkseg`) or route with no points.
    case emptySegment = "empty_segment"
    /// An NMEA sentence whose checksum does not match its content.
    case checksumError = "checksum_error"
    /// An incomplete line: an NMEA sentence cut short, or a CSV row with too few fields.
    case partialLine = "partial_line"
    /// A CSV line longer than any row of a track (64 KiB), skipped unread so that memory stays
    /// bounded.
    case overlongLine = "overlong_line"
    /// Bytes that are not text, such as binary UBX or SiRF packets between NMEA sentences.
    case binaryNoise = "binary_noise"
    /// An NMEA `GGA` sentence with no `RMC` of the same time, so no date and no speed.
    case unpairedGGA = "unpaired_gga"
    /// A well-formed value that could not be understood (an unparseable number or field), or
    /// one no receiver can measure (an accuracy of 1e308: ``Fix/Plausible``).
    case unreadableValue = "unreadable_value"

    /// Orders kinds by their declaration order, for stable reports.
    public static func < (lhs: Kind, rhs: Kind) -> Bool {
      allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
  }

  /// What is wrong.
  public var kind: Kind
  /// The one-based line in the source file, when known.
  public var line: Int?
  /// The kind of point the defect concerns (a waypoint beside a track), or `nil` when it
  /// concerns the file rather than one point (a checksum, a line cut short).
  public var point: FixKind?
  /// A short human-readable detail, such as `"92.4 m/s"` or `"checksum 4D, computed 4C"`.
  public var detail: String?

  /// Creates a defect report.
  public init(_ kind: Kind, point: FixKind? = nil, line: Int?, detail: String? = nil) {
    self.kind = kind
    self.point = point
    self.line = line
    self.detail = detail
  }
}
