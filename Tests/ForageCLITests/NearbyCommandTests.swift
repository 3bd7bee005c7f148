import ForageTestSupport
import Foundation
import Testing

/// `forage nearby` end to end: the built binary, real files, stdout, stderr and exit codes.
@Suite struct NearbyCommandTests {
  static let helsinki = TestData.helsinkiPlaces

  /// Writes a temporary file and returns its path.
  static func temporaryFile(_ name: String, _ contents: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("forage-nearby-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(contents.utf8).write(to: url)
    return url.path
  }

  /// A small dataset: three places east of a centre at known distances, one broken feature.
  static let smallDataset = """
    {"type":"FeatureCollection","features":[
    {"type":"Feature","geometry":{"type":"Point","coordinates":[0.002,0]},
     "properties":{"id":"b","name":"Bee","amenity":"cafe"}},
    {"type":"Feature","geometry":{"type":"Point","coordinates":[0.001,0]},
     "properties":{"id":"a","name":"Ay \\"quoted\\"","amenity":"restaurant","rating":4.5}},
    {"type":"Feature","geometry":{"type":"Polygon","coordinates":[]},"properties":{"id":"poly"}},
    {"type":"Feature","geometry":{"type":"Point","coordinates":[0.01,0]},
     "properties":{"id":"far","amenity":"restaurant"}}
    ]}
    """

  @Test func printsPlacesNearestFirstWithGeodesicDistances() throws {
    let places = try Self.temporaryFile("p.geojson", Self.smallDataset)
    let result = try FinderFixtures.forage([
      "nearby", "--places", places, "--at", "0,0", "--radius", "500",
    ])
    #expect(result.status == 0)
    // 0.001° of longitude on the equator is 111.319 491 m on WGS84.
    #expect(
      result.stdout == """
        {"id":"a","name":"Ay \\"quoted\\"","lat":0,"lon":0.001,"distance_m":111.319,\
        "rating":4.5,"types":["restaurant","food","point_of_interest","establishment"],\
        "open_at_fix":null}
        {"id":"b","name":"Bee","lat":0,"lon":0.002,"distance_m":222.639,\
        "types":["cafe","food","point_of_interest","establishment"],"open_at_fix":null}

        """
    )
    #expect(
      result.stderr == """
        forage: warning: \(places):6: feature 2 (poly): geometry is Polygon, not Point; skipped
        forage: warning: \(places): 3 places, 1 without a "name" (kept; the first at line 7); \
        1 feature skipped

        """
    )
  }

  @Test func limitTypeAndFormatsShapeTheOutput() throws {
    let places = try Self.temporaryFile("p.geojson", Self.smallDataset)
    let base = ["nearby", "--places", places, "--at", "0,0", "--radius", "2000"]
    let limited = try FinderFixtures.forage(base + ["--limit", "1", "--format", "json"])
    #expect(limited.status == 0)
    #expect(limited.stdout.hasPrefix("{\"count\":1,\"places\":[{\"id\":\"a\""))
    let typed = try FinderFixtures.forage(base + ["--type", "restaurant", "--format", "table"])
    #expect(
      typed.stdout == """
        distance_m  id   type        open  name
           111.319  a    restaurant  ?     Ay "quoted"
          1113.195  far  restaurant  ?     (no name)

        """
    )
    let geojson = try FinderFixtures.forage(base + ["--format", "geojson"])
    let object = try JSONSerialization.jsonObject(with: Data(geojson.stdout.utf8)) as? [String: Any]
    #expect((object?["features"] as? [Any])?.count == 3)
  }

  @Test(arguments: [
    (["--at", "91,0", "--radius", "10"], "latitude 91.0"),
    (["--at", "0,-180.5", "--radius", "10"], "longitude -180.5"),
    (["--at", "nan,0", "--radius", "10"], "latitude nan"),
    (["--at", "0;0", "--radius", "10"], "is not a coordinate"),
    (["--at", "0,0", "--radius", "0"], "--radius"),
    (["--at", "0,0", "--radius", "50001"], "--radius"),
    (["--at", "0,0", "--radius", "10", "--limit", "0"], "--limit"),
    (["--at", "0,0", "--radius", "10", "--format", "xml"], "--format"),
    (["--radius", "10"], "give --at"),
  ])
  func badOptionsAreOneLineUsageErrors(arguments: [String], message: String) throws {
    let places = try Self.temporaryFile("p.geojson", Self.smallDataset)
    let result = try FinderFixtures.forage(["nearby", "--places", places] + arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("forage: "))
    #expect(result.stderr.contains(message))
    #expect(result.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test func malformedAndMissingDatasetsAreDataAndIOErrors() throws {
    let broken = try Self.temporaryFile(
      "bad.geojson",
      "{\"type\":\"FeatureCollection\",\n\"features\":[,]}"
    )
    let malformed = try FinderFixtures.forage([
      "nearby", "--places", broken, "--at", "0,0", "--radius", "10",
    ])
    #expect(malformed.status == 65)
    #expect(
      malformed.stderr
        == "forage: \(broken):2:13: not a GeoJSON places dataset: "
        + "expected a JSON value but found ','\n"
    )
    let missing = try FinderFixtures.forage([
      "nearby", "--places", "/nonexistent/p.geojson", "--at", "0,0", "--radius", "10",
    ])
    #expect(missing.status == 74)
    #expect(missing.stderr.contains("/nonexistent/p.geojson"))
  }

  @Test func aDatasetWithNoUsablePlaceIsADataError() throws {
    let empty = try Self.temporaryFile(
      "empty.geojson",
      #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null}]}"#
    )
    let result = try FinderFixtures.forage([
      "nearby", "--places", empty, "--at", "0,0", "--radius", "10",
    ])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "forage: \(empty): no usable place in its one feature: expected at least one Point "
        + "feature with [longitude, latitude] coordinates\n"
    )
  }

  @Test func searchesAlongATrack() throws {
    let places = try Self.temporaryFile("p.geojson", Self.smallDataset)
    // A north–south track through longitude 0.0015: "a" and "b" are ~55.7 m from it.
    let track = try Self.temporaryFile("t.csv", "lat,lon\n-0.01,0.0015\n0.01,0.0015\n")
    let result = try FinderFixtures.forage([
      "nearby", "--places", places, "--along", track, "--radius", "60", "--format", "table",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains(" 55.660  a "))
    #expect(result.stdout.contains(" 55.660  b "))
    #expect(!result.stdout.contains("far"))
  }

  @Test func searchesAlongAGPXTrackAndReportsBadPointsByLine() throws {
    let places = try Self.temporaryFile("p.geojson", Self.smallDataset)
    let gpx = try Self.temporaryFile(
      "t.gpx",
      """
      <?xml version="1.0"?>
      <gpx version="1.1"><wpt lat="5" lon="5"/><trk><trkseg>
      <trkpt lat="-0.01" lon="0.0015"><ele>1</ele></trkpt>
      <trkpt lat='0.01' lon='0.0015'/>
      </trkseg></trk></gpx>
      """
    )
    let result = try FinderFixtures.forage([
      "nearby", "--places", places, "--along", gpx, "--radius", "60", "--limit", "1",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("{\"id\":\"a\""))
    #expect(result.stdout.split(separator: "\n").count == 1)
    let broken = try Self.temporaryFile(
      "t.gpx",
      "<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"0\">\n"
    )
    let bad = try FinderFixtures.forage([
      "nearby", "--places", places, "--along", broken, "--radius", "60",
    ])
    #expect(bad.status == 65)
    #expect(bad.stderr.hasPrefix("forage: \(broken):"))
    #expect(bad.stderr.filter { $0 == "\n" }.count == 1)
    let missing = try FinderFixtures.forage([
      "nearby", "--places", places, "--along", "/nonexistent/t.gpx", "--radius", "60",
    ])
    #expect(missing.status == 74)
  }

  @Test func searchesAlongAGeoJSONLineString() throws {
    let places = try Self.temporaryFile("p.geojson", Self.smallDataset)
    let track = try Self.temporaryFile(
      "t.geojson",
      #"{"type":"LineString","coordinates":[[0.0015,-0.01],[0.0015,0.01]]}"#
    )
    let result = try FinderFixtures.forage([
      "nearby", "--places", places, "--along", track, "--radius", "60", "--format", "json",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("{\"count\":2,"))
  }

  @Test
  func findsTheNearestEateriesInHelsinki() throws {
    let places = Self.helsinki.path
    let result = try FinderFixtures.forage([
      "nearby", "--places", places, "--at", "60.1699,24.9384", "--radius", "300", "--limit", "3",
    ])
    #expect(result.status == 0)
    // The five nameless eateries are kept, and counted in one line.
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("427 places, 5 without a \"name\" (kept; the first at line"))
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].contains("\"id\":\"osm-node-1381017836\""))
    #expect(lines[0].contains("\"distance_m\":34.682"))
  }
}
