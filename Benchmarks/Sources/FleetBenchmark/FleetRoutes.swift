import ForageSupport
import ForageSyntheticCity
import Foundation

/// The 16 receivers' routes on a SyntheticCity's 100 m street grid, the same for a seed on every
/// machine: 12 buses on three loop lines (four a line, each starting at another stop, 8 m/s) and
/// 4 couriers (5 m/s) that ride a line's streets and turn off at random crossings.
enum FleetRoutes {
  /// The lines' loops, as crossings (metres east and north of the city's centre).
  static let lines: [[(east: Double, north: Double)]] = [
    [(-600, 0), (600, 0), (600, 300), (-600, 300)],
    [(0, -700), (0, 700), (-300, 700), (-300, -700)],
    [(-400, -400), (400, -400), (400, 400), (-400, 400)],
  ]

  /// Metres east and north of the city's centre as a coordinate (equirectangular).
  static func coordinate(east: Double, north: Double) -> (latitude: Double, longitude: Double) {
    let metresPerDegree = 111_320.0
    return (
      SyntheticCity.centre.latitude + north / metresPerDegree,
      SyntheticCity.centre.longitude
        + east / (metresPerDegree * cos(SyntheticCity.centre.latitude * .pi / 180))
    )
  }

  /// Receiver `index`'s `fixes` points, one a second, in metres east and north.
  static func route(_ index: Int, fixes: Int, seed: UInt64) -> [(east: Double, north: Double)] {
    if index < 12 {
      let line = lines[index % 3]
      return along(line, from: Double(index / 3) / 4, speed: 8, fixes: fixes)
    }
    var random = SplitMix64(seed: seed &* 31 &+ UInt64(index))
    var points: [(east: Double, north: Double)] = []
    var position = along(
      lines[index % 3],
      from: Double.random(in: 0..<1, using: &random),
      speed: 5,
      fixes: 1
    )[0]
    var heading = (east: 1.0, north: 0.0)
    while points.count < fixes {
      // A courier keeps to a street for a block (20 s at 5 m/s), then may turn at the crossing.
      for _ in 0..<20 where points.count < fixes {
        position = (position.east + heading.east * 5, position.north + heading.north * 5)
        points.append(position)
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        heading = [(1.0, 0.0), (-1, 0), (0, 1), (0, -1)][Int.random(in: 0..<4, using: &random)]
      }
      // Never farther than 900 m out: back along the other way.
      if abs(position.east) > 900 || abs(position.north) > 900 {
        heading = (-heading.east, -heading.north)
      }
    }
    return points
  }

  /// `fixes` points along a closed loop at `speed` m/s, starting `start` of the way round.
  private static func along(
    _ loop: [(east: Double, north: Double)],
    from start: Double,
    speed: Double,
    fixes: Int
  ) -> [(east: Double, north: Double)] {
    let legs = zip(loop, loop.dropFirst() + [loop[0]]).map { ($0, $1) }
    let lengths = legs.map { hypot($1.east - $0.east, $1.north - $0.north) }
    let perimeter = lengths.reduce(0, +)
    return (0..<fixes).map { second in
      var distance = (start * perimeter + Double(second) * speed)
        .truncatingRemainder(dividingBy: perimeter)
      for ((from, to), length) in zip(legs, lengths) {
        if distance <= length {
          let share = distance / length
          return (
            from.east + (to.east - from.east) * share, from.north + (to.north - from.north) * share
          )
        }
        distance -= length
      }
      return loop[0]
    }
  }

  /// A route as a GPX track, a point a second from SyntheticCity's start.
  static func gpx(_ points: [(east: Double, north: Double)]) -> String {
    let formatter = ISO8601DateFormatter()
    var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"fleet\"><trk><trkseg>\n"
    for (index, point) in points.enumerated() {
      let (latitude, longitude) = coordinate(east: point.east, north: point.north)
      let time = formatter.string(from: SyntheticCity.start.addingTimeInterval(Double(index)))
      text += "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\"><time>\(time)</time></trkpt>\n"
    }
    return text + "</trkseg></trk></gpx>\n"
  }
}
