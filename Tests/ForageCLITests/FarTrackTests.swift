import ForageGeodesy
import ForageTestSupport
import Foundation
import Testing

/// A run whose every fix is farther than the search radius from every place of the in-process
/// mock's dataset is warned about, with the distance, in one line on standard error; a run
/// with any fix within the radius of a place is not.
@Suite struct FarTrackTests {
  /// A GPX track through `points`, one fix a second.
  static func writeTrack(_ points: [Coordinate], to url: URL) throws {
    var gpx = """
      <?xml version="1.0"?>
      <gpx version="1.1" creator="forage tests" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><trkseg>

      """
    for (index, point) in points.enumerated() {
      gpx +=
        "<trkpt lat=\"\(point.latitude)\" lon=\"\(point.longitude)\">"
        + "<time>2024-05-01T10:\(String(format: "%02d:%02d", index / 60, index % 60))Z</time>"
        + "</trkpt>\n"
    }
    gpx += "</trkseg></trk></gpx>\n"
    try Data(gpx.utf8).write(to: url)
  }

  /// A places dataset: one place of each of a few types, all at `centre`.
  static func writePlaces(at centre: Coordinate, to url: URL) throws {
    let features = ["restaurant", "cafe", "bar"].enumerated().map { index, type in
      """
      {"type":"Feature","geometry":{"type":"Point","coordinates":[\(centre.longitude),\
      \(centre.latitude)]},"properties":{"place_id":"p\(index)","name":"P\(index)",\
      "types":["\(type)"]}}
      """
    }
    let text =
      #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",")
      + "]}"
    try Data(text.utf8).write(to: url)
  }

  /// The warning lines of a run's standard error.
  static func warnings(_ stderr: String) -> [Substring] {
    stderr.split(separator: "\n").filter { $0.contains("from the nearest place") }
  }

  @Test func aBrusselsWalkAgainstTheHelsinkiPlacesIsWarnedAbout() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = directory.appendingPathComponent("brussels.gpx")
    let grandPlace = try Coordinate(latitude: 50.8467, longitude: 4.3525)
    try Self.writeTrack(
      (0..<120).map {
        Geodesic.destination(from: grandPlace, azimuth: 45, distance: 1.4 * Double($0))
      },
      to: track
    )

    let result = try FinderFixtures.forage(["run", "--track", track.path])

    #expect(result.status == 0, "\(result.stderr)")
    let warnings = Self.warnings(result.stderr)
    #expect(warnings.count == 1, "\(result.stderr)")
    // Grand-Place to the Helsinki places: about 1 650 km.
    #expect(
      warnings.first?.hasPrefix("forage: warning: every fix is at least 1 65") == true,
      "\(result.stderr)"
    )
    #expect(
      warnings.first?.contains(
        " km from the nearest place in helsinki-osm-eateries.geojson, farther than the search "
          + "radius (500 m)"
      ) == true,
      "\(result.stderr)"
    )
    let output = try RunOutput(ndjson: result.stdout)
    #expect(output.summary?.fixes == 120)
  }

  @Test func theDemoWalkIsNotWarnedAbout() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(200, in: directory)

    let result = try FinderFixtures.forage(["run", "--track", track.path, "--radius", "50"])

    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.warnings(result.stderr) == [], "\(result.stderr)")
  }

  /// Every radius, from metres to the largest, and a nearest fix just inside or just outside
  /// it: a warning exactly when outside, with the least distance rounded down (`m` below a
  /// kilometre, tenths of a kilometre below ten, whole kilometres above), whatever the type
  /// searched for; one fix within the radius among far ones is enough to say nothing.
  @Test(arguments: [3.0, 50, 500, 2_500, 9_000, 50_000])
  func aWarningExactlyWhenEveryFixIsBeyondTheRadius(radius: Double) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
    let places = directory.appendingPathComponent("places.geojson")
    try Self.writePlaces(at: centre, to: places)
    func run(nearest: Double, farFixes: Int = 5) throws -> BinaryResult {
      // The far fixes first, then the nearest, moving away from the places.
      var points = (0..<farFixes).map {
        Geodesic.destination(from: centre, azimuth: 200, distance: nearest * 3 + Double($0))
      }
      points.append(Geodesic.destination(from: centre, azimuth: 10, distance: nearest))
      let track = directory.appendingPathComponent("track.gpx")
      try Self.writeTrack(points, to: track)
      return try FinderFixtures.forage([
        "run", "--track", track.path, "--dataset", places.path, "--radius", "\(radius)",
        "--type", "bar",
      ])
    }

    // 0.37 m more keeps the distance off a rounding boundary (550.37 m is "550 m").
    let beyond = radius * 1.1 + 0.37
    let outside = try run(nearest: beyond)
    let inside = try run(nearest: radius * 0.9)
    let oneInside = try run(nearest: radius * 0.99, farFixes: 30)

    #expect(outside.status == 0 && inside.status == 0 && oneInside.status == 0)
    let expected: String
    switch beyond {
    case ..<1000: expected = "\(Int(beyond.rounded(.down))) m"
    case ..<10_000: expected = String(format: "%.1f km", (beyond / 100).rounded(.down) / 10)
    default: expected = "\(Int((beyond / 1000).rounded(.down))) km"
    }
    let radiusText = radius == radius.rounded() ? "\(Int(radius)) m" : "\(radius) m"
    #expect(
      Self.warnings(outside.stderr) == [
        "forage: warning: every fix is at least \(expected) from the nearest place in "
          + "places.geojson, farther than the search radius (\(radiusText)): every answer will "
          + "be empty"
      ],
      "\(outside.stderr)"
    )
    #expect(Self.warnings(inside.stderr) == [], "\(inside.stderr)")
    #expect(Self.warnings(oneInside.stderr) == [], "\(oneInside.stderr)")
  }
}
