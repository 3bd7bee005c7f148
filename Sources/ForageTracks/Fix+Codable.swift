import ForageSupport
import Foundation

/// A fix as one JSON object, the shape `forage run --record` writes:
/// `{"time":1781263800,"lat":60.171046,"lon":24.9432771,"ele":12.4,"accuracy":5.5,"hdop":1.1,`
/// `"segment":0,"line":5,"kind":"track_point"}`.
///
/// `time` is seconds since 1970 as a number (exact, unlike a formatted date);
/// `"time_estimated":true` follows a time the reader made up (``Fix/isTimeEstimated``), and is
/// left out otherwise. Unknown values are left out, and read back as unknown when absent or
/// `null`. Reading refuses what no fix can be:
/// a latitude outside -90...90, a longitude outside -180...180, a negative segment, a line
/// before 1.
extension Fix: Codable {
  /// The members' names, stable across versions.
  enum CodingKeys: String, CodingKey {
    case time
    case isTimeEstimated = "time_estimated"
    case latitude = "lat"
    case longitude = "lon"
    case elevation = "ele"
    case horizontalAccuracy = "accuracy"
    case speed
    case course
    case hdop
    case satellites = "sat"
    case segment
    case line
    case kind
  }

  /// Reads a fix, refusing impossible values.
  ///
  /// - Throws: `DecodingError` naming the member and what was expected.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      time: try container.decodeIfPresent(
        Double.self,
        forKey: .time,
        in: Date.representableSeconds
      ).map { Date(timeIntervalSince1970: $0) },
      latitude: try container.decode(Double.self, forKey: .latitude, in: -90...90),
      longitude: try container.decode(Double.self, forKey: .longitude, in: -180...180),
      elevation: try container.decodeIfPresent(
        Double.self,
        forKey: .elevation,
        in: Plausible.elevation
      ),
      horizontalAccuracy: try container.decodeIfPresent(
        Double.self,
        forKey: .horizontalAccuracy,
        in: Plausible.horizontalAccuracy
      ),
      speed: try container.decodeIfPresent(Double.self, forKey: .speed, in: Plausible.speed),
      course: try container.decodeIfPresent(Double.self, forKey: .course, in: Plausible.course),
      hdop: try container.decodeIfPresent(Double.self, forKey: .hdop, in: Plausible.hdop),
      satellites: try container.decodeIfPresent(Int.self, forKey: .satellites, atLeast: 0),
      segment: try container.decode(Int.self, forKey: .segment, atLeast: 0),
      line: try container.decodeIfPresent(Int.self, forKey: .line, atLeast: 1),
      kind: try container.decodeCase(FixKind.self, forKey: .kind),
      isTimeEstimated: try container.decodeIfPresent(Bool.self, forKey: .isTimeEstimated) ?? false
    )
  }

  /// Writes the fix, leaving out what is unknown.
  ///
  /// - Throws: `EncodingError` for a value JSON cannot hold (not a number, infinite).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(time?.timeIntervalSince1970, forKey: .time)
    if isTimeEstimated { try container.encode(true, forKey: .isTimeEstimated) }
    try container.encode(latitude, forKey: .latitude)
    try container.encode(longitude, forKey: .longitude)
    try container.encodeIfPresent(elevation, forKey: .elevation)
    try container.encodeIfPresent(horizontalAccuracy, forKey: .horizontalAccuracy)
    try container.encodeIfPresent(speed, forKey: .speed)
    try container.encodeIfPresent(course, forKey: .course)
    try container.encodeIfPresent(hdop, forKey: .hdop)
    try container.encodeIfPresent(satellites, forKey: .satellites)
    try container.encode(segment, forKey: .segment)
    try container.encodeIfPresent(line, forKey: .line)
    try container.encode(kind, forKey: .kind)
  }
}
