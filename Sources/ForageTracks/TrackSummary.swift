import Foundation

/// What a user needs to know about a track before replaying it: `forage validate` prints this.
public struct TrackSummary: Sendable, Hashable, Codable {
  /// The latitude/longitude box that holds every delivered fix.
  public struct Bounds: Sendable, Hashable, Codable {
    /// The southernmost latitude in degrees.
    public var minLatitude: Double
    /// The westernmost longitude in degrees (no antimeridian wrapping).
    public var minLongitude: Double
    /// The northernmost latitude in degrees.
    public var maxLatitude: Double
    /// The easternmost longitude in degrees.
    public var maxLongitude: Double
  }

  /// How often one class of defect occurred and where it first did.
  public struct DefectCount: Sendable, Hashable, Codable {
    /// The class of defect.
    public var kind: TrackDefect.Kind
    /// How many times it occurred.
    public var count: Int
    /// The first few one-based line numbers where it occurred (at most ``TrackValidator/lineLimit``).
    public var lines: [Int]
  }

  /// The path of the file, as given.
  public var file: String
  /// The format it was read as.
  public var format: TrackFormat
  /// Every point the file held (GPX: `trkpt` + `rtept` + `wpt`; NMEA: RMC sentences with a good
  /// checksum, status A and a position; CSV rows; GeoJSON coordinates), before any policy.
  public var points: Int
  /// What the file held, point by kind and segment by kind.
  public var counts: TrackFileCounts
  /// The fixes a run replays: those of ``replayedKind`` the reader delivered after its defect
  /// policies.
  public var fixes: Int
  /// The kind of point a run replays (``FixKind/replayed(from:)``: track points, else route
  /// points, else waypoints), or `nil` when no fix survived. Every figure below is about those.
  public var replayedKind: FixKind?
  /// The segments of the replayed fixes (a gap starts a new one).
  public var segments: Int
  /// The earliest time a replayed fix had in the file (interpolated times left out).
  public var start: Date?
  /// The latest time a replayed fix had in the file (interpolated times left out).
  public var end: Date?
  /// The geodesic length in metres of the replayed path, summed within segments.
  public var distance: Double
  /// The highest speed in m/s between two consecutive fixes of a segment (implausible jumps and
  /// interpolated times excluded).
  public var maximumSpeed: Double?
  /// The mean speed in m/s over the intervals spent moving (at least 0.5 m/s).
  public var meanMovingSpeed: Double?
  /// The box holding every replayed fix, or `nil` when there is none.
  public var bounds: Bounds?
  /// Every defect class found, in a stable order, with counts and first lines.
  public var defects: [DefectCount]
  /// Why the track cannot be replayed, or `nil` when it can.
  public var problem: String?
  /// Of the replayed fixes, those whose time the reader made up (``Fix/isTimeEstimated``): a
  /// run marks the events stamped with them `"time_estimated": true`.
  public var estimatedTimes = 0

  /// Whether the track can be replayed: it has at least one fix and no ``problem``.
  public var isUsable: Bool { problem == nil }

  /// The time between the first and last fix, in seconds.
  public var duration: TimeInterval? {
    guard let start, let end else { return nil }
    return end.timeIntervalSince(start)
  }

  /// The count of one defect class, zero when it did not occur.
  public func count(of kind: TrackDefect.Kind) -> Int {
    defects.first { $0.kind == kind }?.count ?? 0
  }
}
