import Foundation

/// One position report: a point on WGS84 with whatever a receiver or track file knew about it.
public struct Fix: Sendable, Equatable, Hashable {
  /// When the fix was taken, or `nil` when the source gave no usable time.
  public var time: Date?
  /// Whether ``time`` was made up rather than read: the reader gave a point without a usable
  /// time one of its own (see ``TrackReadOptions/MissingTimePolicy/interpolate(metresPerSecond:)``),
  /// so that outputs can mark it.
  public var isTimeEstimated: Bool
  /// Latitude in degrees, positive north.
  public var latitude: Double
  /// Longitude in degrees, positive east.
  public var longitude: Double
  /// Elevation in metres above the ellipsoid or sea level, as the source gave it.
  public var elevation: Double?
  /// Horizontal accuracy (radius of 68 % confidence) in metres; negative means invalid.
  public var horizontalAccuracy: Double?
  /// Ground speed in metres per second.
  public var speed: Double?
  /// Course over ground in degrees clockwise from true north.
  public var course: Double?
  /// Horizontal dilution of precision, when the source reported it.
  public var hdop: Double?
  /// Satellites used, when the source reported it.
  public var satellites: Int?
  /// The zero-based segment this fix belongs to; a new segment marks a loss of reception.
  public var segment: Int
  /// The one-based line in the source file where this fix starts, when known.
  public var line: Int?
  /// What kind of point the source recorded: a track point, a route point or a waypoint.
  public var kind: FixKind = .trackPoint

  /// Creates a fix.
  public init(
    time: Date? = nil,
    latitude: Double,
    longitude: Double,
    elevation: Double? = nil,
    horizontalAccuracy: Double? = nil,
    speed: Double? = nil,
    course: Double? = nil,
    hdop: Double? = nil,
    satellites: Int? = nil,
    segment: Int = 0,
    line: Int? = nil,
    kind: FixKind = .trackPoint,
    isTimeEstimated: Bool = false
  ) {
    self.time = time
    self.isTimeEstimated = isTimeEstimated
    self.latitude = latitude
    self.longitude = longitude
    self.elevation = elevation
    self.horizontalAccuracy = horizontalAccuracy
    self.speed = speed
    self.course = course
    self.hdop = hdop
    self.satellites = satellites
    self.segment = segment
    self.line = line
    self.kind = kind
  }
}
