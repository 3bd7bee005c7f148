import ForageLocation
import ForageTracks
import Foundation

/// The report `forage validate` prints, as a table for people or JSON for scripts.
///
/// The JSON spells things as `forage run` does (Resources/schema/forage-validate.schema.json):
/// snake_case keys and values, `lat`/`lon`, metres as `_m`, seconds as `_s`, speeds as `_mps`.
struct ValidateReport: Encodable {
  /// One defect class in the report.
  struct Defect: Encodable {
    var kind: String
    var count: Int
    var lines: [Int]
  }

  /// The box holding every replayed fix, in degrees.
  struct Bounds: Encodable {
    var minLatitude: Double
    var minLongitude: Double
    var maxLatitude: Double
    var maxLongitude: Double

    enum CodingKeys: String, CodingKey {
      case minLatitude = "min_lat"
      case minLongitude = "min_lon"
      case maxLatitude = "max_lat"
      case maxLongitude = "max_lon"
    }
  }

  /// The JSON members' names.
  enum CodingKeys: String, CodingKey {
    case file, format, usable, problem, points, fixes, replayed, segments, start, end, bounds
    case defects
    case trackPoints = "track_points"
    case routePoints = "route_points"
    case waypoints
    case fileSegments = "file_segments"
    case durationSeconds = "duration_s"
    case distanceMetres = "distance_m"
    case maximumSpeedMetresPerSecond = "max_speed_mps"
    case meanMovingSpeedMetresPerSecond = "mean_moving_speed_mps"
    case estimatedTimes = "estimated_times"
  }

  var file: String
  var format: String
  var usable: Bool
  var problem: String?
  var points: Int
  var trackPoints: Int
  var routePoints: Int
  var waypoints: Int
  var fileSegments: Int
  var fixes: Int
  /// What a run replays: `track_point`, `route_point`, `waypoint`, or absent without a fix.
  var replayed: String?
  var segments: Int
  var start: Date?
  var end: Date?
  var durationSeconds: Double?
  var distanceMetres: Double
  var maximumSpeedMetresPerSecond: Double?
  var meanMovingSpeedMetresPerSecond: Double?
  var bounds: Bounds?
  var defects: [Defect]
  /// Fixes whose time forage made up, when there are any (absent otherwise).
  var estimatedTimes: Int?

  /// Builds the report from a summary.
  init(summary: TrackSummary) {
    file = summary.file
    format = summary.format.rawValue
    usable = summary.isUsable
    problem = summary.problem
    points = summary.points
    trackPoints = summary.counts.trackPoints
    routePoints = summary.counts.routePoints
    waypoints = summary.counts.waypoints
    fileSegments = summary.counts.trackSegments + summary.counts.routes
    fixes = summary.fixes
    replayed = summary.replayedKind?.rawValue
    segments = summary.segments
    start = summary.start
    end = summary.end
    durationSeconds = summary.duration
    distanceMetres = (summary.distance * 100).rounded() / 100
    maximumSpeedMetresPerSecond = summary.maximumSpeed.map { ($0 * 1000).rounded() / 1000 }
    meanMovingSpeedMetresPerSecond = summary.meanMovingSpeed.map { ($0 * 1000).rounded() / 1000 }
    bounds = summary.bounds.map {
      Bounds(
        minLatitude: $0.minLatitude,
        minLongitude: $0.minLongitude,
        maxLatitude: $0.maxLatitude,
        maxLongitude: $0.maxLongitude
      )
    }
    estimatedTimes = summary.estimatedTimes > 0 ? summary.estimatedTimes : nil
    defects = summary.defects.map {
      Defect(kind: $0.kind.rawValue, count: $0.count, lines: $0.lines)
    }
  }

  /// The report as pretty-printed JSON with sorted keys and a final newline.
  func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(Self.timestamp(date))
    }
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The report as an aligned two-column table.
  func table() -> String {
    var rows: [(String, String)] = [
      ("file", file),
      ("format", format),
      ("usable", usable ? "yes" : "no: \(problem ?? "")"),
      ("points", "\(points) (\(trackPoints) track, \(routePoints) route, \(waypoints) waypoints)"),
      (
        "fixes",
        "\(fixes) \(replayed.map { $0.replacingOccurrences(of: "_", with: " ") + "s " } ?? "")"
          + "in \(segments) segment(s); the file has \(fileSegments)"
      ),
    ]
    if let start, let end, let durationSeconds {
      rows.append(
        (
          "time span",
          "\(Self.timestamp(start)) to \(Self.timestamp(end)) (\(Self.duration(durationSeconds)))"
        )
      )
    } else {
      rows.append(("time span", "none"))
    }
    if let estimatedTimes {
      rows.append(
        (
          "estimated times",
          "\(estimatedTimes) fix(es): forage made up their times (~ in run's table)"
        )
      )
    }
    rows.append(("distance", String(format: "%.3f km", distanceMetres / 1000)))
    rows.append(("max speed", maximumSpeedMetresPerSecond.map { Self.speed($0) } ?? "unknown"))
    rows.append(
      ("mean moving speed", meanMovingSpeedMetresPerSecond.map { Self.speed($0) } ?? "unknown")
    )
    if let bounds {
      rows.append(
        (
          "bounds",
          String(
            format: "lat %.6f to %.6f, lon %.6f to %.6f",
            bounds.minLatitude,
            bounds.maxLatitude,
            bounds.minLongitude,
            bounds.maxLongitude
          )
        )
      )
    } else {
      rows.append(("bounds", "none"))
    }
    rows.append(("defects", defects.isEmpty ? "none" : "\(defects.reduce(0) { $0 + $1.count })"))
    for defect in defects {
      let lines = defect.lines.map(String.init).joined(separator: ", ")
      let more = defect.count > defect.lines.count ? ", …" : ""
      rows.append(
        ("  \(defect.kind)", "\(defect.count)" + (lines.isEmpty ? "" : " (lines \(lines)\(more))"))
      )
    }
    let width = rows.map(\.0.count).max() ?? 0
    return rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
      .joined(separator: "\n") + "\n"
  }

  static func timestamp(_ date: Date) -> String {
    date.formatted(.iso8601)
  }

  static func duration(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    return String(format: "%dh %02dm %02ds", total / 3600, total / 60 % 60, total % 60)
  }

  static func speed(_ metresPerSecond: Double) -> String {
    String(format: "%.2f m/s (%.1f km/h)", metresPerSecond, metresPerSecond * 3.6)
  }
}
