import Foundation

/// Routes that overlap, as buses and couriers do, over the bundled Helsinki places: tracks for
/// the fleet's tests, written as GPX or CSV.
enum FleetRoutes {
  /// Where every route's grid starts: the Helsinki walk's first fix.
  static let origin = (latitude: 60.171046, longitude: 24.9432771)

  /// Waypoints in metres east and north of ``origin``; each route shares a street with another.
  static let routes: [[(east: Double, north: Double)]] = [
    [(0, 0), (900, 0)],
    [(900, 0), (300, 0), (300, 450)],
    [(300, 450), (300, 0), (600, 0), (600, -300)],
    [(0, 150), (600, 150), (600, 0), (900, 0)],
  ]

  /// The fixes of route `index`: one every `step` metres along its streets, 10 s apart.
  static func fixes(
    of index: Int,
    step: Double = 40
  ) -> [(latitude: Double, longitude: Double, time: Date)] {
    let waypoints = routes[index]
    var points: [(east: Double, north: Double)] = [waypoints[0]]
    for (from, to) in zip(waypoints, waypoints.dropFirst()) {
      let length = hypot(to.east - from.east, to.north - from.north)
      let count = Int((length / step).rounded(.up))
      for part in 1...count {
        let share = Double(part) / Double(count)
        points.append(
          (from.east + (to.east - from.east) * share, from.north + (to.north - from.north) * share)
        )
      }
    }
    let start = Date(timeIntervalSince1970: 1_781_263_800 + Double(index) * 30)
    let metresPerDegree = 111_320.0
    return points.enumerated().map { offset, point in
      (
        origin.latitude + point.north / metresPerDegree,
        origin.longitude + point.east / (metresPerDegree * cos(origin.latitude * .pi / 180)),
        start.addingTimeInterval(Double(offset) * 10)
      )
    }
  }

  /// Writes route `index` as `route-INDEX.gpx` (or `.csv`) in `directory`.
  static func write(_ index: Int, csv: Bool = false, in directory: URL) throws -> URL {
    let time = ISO8601DateFormatter()
    let fixes = fixes(of: index)
    let text: String
    if csv {
      text =
        "time,lat,lon\n"
        + fixes.map { "\(time.string(from: $0.time)),\($0.latitude),\($0.longitude)\n" }.joined()
    } else {
      text =
        "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"forage tests\">"
        + "<trk><trkseg>\n"
        + fixes.map {
          "<trkpt lat=\"\($0.latitude)\" lon=\"\($0.longitude)\">"
            + "<time>\(time.string(from: $0.time))</time></trkpt>\n"
        }.joined()
        + "</trkseg></trk></gpx>\n"
    }
    let url = directory.appendingPathComponent("route-\(index).\(csv ? "csv" : "gpx")")
    try Data(text.utf8).write(to: url)
    return url
  }
}
