import ForageSupport
import ForageSyntheticCity
import Foundation

/// The 16 receivers' routes on a SyntheticCity's 100 m street grid, the same for a seed on every
/// machine: 12 buses on three loop lines (four a line, each starting at another stop, 8 m/s) and
/// 4 couriers (5 m/s) that ride a line's streets and deliver a block off it at random crossings.
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
    let loop = lines[index % 3]
    if index < 12 {
      // Four buses a line, a quarter of the loop apart.
      let start = Double(index / 3) / 4 * perimeter(of: loop)
      return (0..<fixes).map { position(on: loop, at: start + Double($0) * 8) }
    }
    // A courier rides its line from a random crossing and, at one crossing in four, delivers a
    // block off it (there and back, to either side).
    var random = SplitMix64(seed: seed &* 31 &+ UInt64(index))
    var distance = Double(Int.random(in: 0..<Int(perimeter(of: loop) / 100), using: &random)) * 100
    var points: [(east: Double, north: Double)] = []
    while points.count < fixes {
      for _ in 0..<20 {
        distance += 5
        points.append(position(on: loop, at: distance))
      }
      guard Int.random(in: 0..<4, using: &random) == 0 else { continue }
      let here = position(on: loop, at: distance)
      let ahead = position(on: loop, at: distance + 1)
      let side: Double = Bool.random(using: &random) ? 1 : -1
      let across = (east: (here.north - ahead.north) * side, north: (ahead.east - here.east) * side)
      for step in Array(1...20) + Array((0..<20).reversed()) {
        let metres = Double(step) * 5
        points.append((here.east + across.east * metres, here.north + across.north * metres))
      }
    }
    return Array(points.prefix(fixes))
  }

  /// A loop's length, metres.
  private static func perimeter(of loop: [(east: Double, north: Double)]) -> Double {
    zip(loop, loop.dropFirst() + [loop[0]]).map { hypot($1.east - $0.east, $1.north - $0.north) }
      .reduce(0, +)
  }

  /// The point `distance` metres round a closed loop from its first crossing.
  private static func position(
    on loop: [(east: Double, north: Double)],
    at distance: Double
  ) -> (east: Double, north: Double) {
    var left = distance.truncatingRemainder(dividingBy: perimeter(of: loop))
    for (from, to) in zip(loop, loop.dropFirst() + [loop[0]]) {
      let length = hypot(to.east - from.east, to.north - from.north)
      if left <= length {
        let share = left / length
        return (
          from.east + (to.east - from.east) * share, from.north + (to.north - from.north) * share
        )
      }
      left -= length
    }
    return loop[0]
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
