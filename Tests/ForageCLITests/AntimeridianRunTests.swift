import ForageGeodesy
import Foundation
import Testing

/// A walk across the antimeridian, where longitude jumps from 180 to -180: every fix is answered
/// exactly by every provider, at K within the cap and beyond it (the planner's lookup of known
/// disks took the jump for an empty range of columns and trapped, exit 132, with a backtrace).
@Suite struct AntimeridianRunTests {
  /// 120 fixes a second apart, 1.4 m east each, from 80 m west of the antimeridian, at
  /// latitude -16.5 (Fiji).
  static func track(in directory: URL) throws -> (url: URL, positions: [(Double, Double)]) {
    let start = try Coordinate(latitude: -16.5, longitude: 179.99925)
    let positions = (0..<120).map { index in
      let point = Geodesic.destination(from: start, azimuth: 90, distance: 1.4 * Double(index))
      return (point.latitude, point.longitude)
    }
    var text = "time,lat,lon\n"
    for (index, position) in positions.enumerated() {
      text += "2026-06-12T12:\(String(format: "%02d:%02d", index / 60, index % 60))Z,"
      text += "\(position.0),\(position.1)\n"
    }
    let url = directory.appendingPathComponent("across.csv")
    try Data(text.utf8).write(to: url)
    return (url, positions)
  }

  @Test(arguments: ["places-new", "google-legacy"], [1, 20, 21, 60])
  func aWalkAcrossTheAntimeridianIsAnsweredExactly(provider: String, limit: Int) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (track, positions) = try Self.track(in: directory)
    #expect(positions.contains { $0.1 > 179.9999 } && positions.contains { $0.1 < -179.9999 })
    let dataset = directory.appendingPathComponent("fiji.geojson")
    try GeneratedPlaces.write(around: positions, seed: 180, to: dataset)
    let output = try FinderFixtures.run([
      "--track", track.path, "--dataset", dataset.path, "--provider", provider, "--limit",
      "\(limit)",
    ])
    #expect(output.answeredFixes.count == 120)
    let mismatches = try FinderOracle(dataset: dataset, limit: limit).mismatches(in: output)
    #expect(mismatches.isEmpty, "\(mismatches.count) wrong answers: \(mismatches.prefix(3))")
  }
}
