import ForageFinder
import ForagePlaceModel
import Foundation

/// The world, options and walks of tests that run the whole finder assembly.
public enum AssemblyFixtures {
  /// Where the generated walks start: central Helsinki.
  public static let start = (latitude: 60.1699, longitude: 24.9384)

  /// A world of 400 restaurants and cafes, 40 m apart, around the start.
  public static let world = FakePlacesProvider.world(
    around: start.latitude,
    start.longitude,
    count: 400,
    spacing: 40
  )

  /// Options for a small, quick search.
  public static let options = FinderOptions(query: PlacesQuery(radius: 200, limit: 5))

  /// Writes a 1 Hz GPX walk going east at `metresPerSecond` and prepares it for replay; the
  /// file is removed when the returned value is released.
  public static func walk(fixes: Int, metresPerSecond: Double = 3) throws -> WalkFile {
    let metresPerDegree = 111_320 * cos(start.latitude * .pi / 180)
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="ForageFinderTests" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><trkseg>

      """
    for index in 0..<fixes {
      let longitude = start.longitude + Double(index) * metresPerSecond / metresPerDegree
      let seconds = String(format: "%02d:%02d", index / 60, index % 60)
      text +=
        "<trkpt lat=\"\(start.latitude)\" lon=\"\(longitude)\">"
        + "<time>2026-06-12T11:\(seconds)Z</time></trkpt>\n"
    }
    text += "</trkseg></trk></gpx>\n"
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "assembly-\(UUID().uuidString).gpx"
    )
    try Data(text.utf8).write(to: url)
    return try WalkFile(url: url)
  }
}
