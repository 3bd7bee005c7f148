import ForageSupport
import Foundation

/// A walk over the bundled Helsinki eateries that the planner was never tuned on: a 1 Hz walk at
/// 1.35 m/s along an 80 m grid of streets inside the dataset's box (60.1645–60.1785 N,
/// 24.936–24.952 E), straight on at most crossings, turning back inside at the box's edges, with
/// 3 m of GPS noise. The same bytes on every machine.
enum HeldOutWalk {
  /// The box the walk stays in, degrees.
  static let box = (south: 60.1645, north: 60.1785, west: 24.936, east: 24.952)

  /// The walk as a GPX 1.1 track of `fixes` points.
  static func gpx(fixes: Int, seed: UInt64 = 0x4E1D) -> String {
    var random = SplitMix64(seed: seed)
    let metresPerDegree = 111_320.0
    let latitudeScale = cos(60.17 * .pi / 180)
    let width = (box.east - box.west) * metresPerDegree * latitudeScale
    let height = (box.north - box.south) * metresPerDegree
    let block = 80.0
    var east = 400.0
    var north = 320.0
    var direction = (east: 0.0, north: 1.0)
    var toNextCrossing = block
    let formatter = ISO8601DateFormatter()
    let start = Date(timeIntervalSince1970: 1_781_280_000)
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="CoverageBenchmark" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><name>held-out Helsinki walk</name><trkseg>\n
      """
    for index in 0..<fixes {
      let latitude = box.south + (north + 3 * random.gaussian()) / metresPerDegree
      let longitude =
        box.west + (east + 3 * random.gaussian()) / (metresPerDegree * latitudeScale)
      let time = formatter.string(from: start.addingTimeInterval(Double(index)))
      text +=
        "<trkpt lat=\"\(String(format: "%.7f", latitude))\" "
        + "lon=\"\(String(format: "%.7f", longitude))\"><time>\(time)</time></trkpt>\n"
      var step = 1.35
      while step > 0 {
        let move = min(step, toNextCrossing)
        east += direction.east * move
        north += direction.north * move
        step -= move
        toNextCrossing -= move
        guard toNextCrossing <= 1e-9 else { continue }
        toNextCrossing = block
        let left = (east: -direction.north, north: direction.east)
        let right = (east: direction.north, north: -direction.east)
        let draw = random.unit()
        var choices = [draw < 0.6 ? direction : (draw < 0.8 ? left : right), left, right]
        choices.append((east: -direction.east, north: -direction.north))
        direction = choices.first { way in
          let nextEast = east + way.east * block
          let nextNorth = north + way.north * block
          return nextEast >= 0 && nextEast <= width && nextNorth >= 0 && nextNorth <= height
        }!
      }
    }
    text += "</trkseg></trk></gpx>\n"
    return text
  }
}
