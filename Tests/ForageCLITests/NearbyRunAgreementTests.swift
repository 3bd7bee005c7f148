import ForageTestSupport
import Foundation
import Testing

/// `forage nearby` and `forage run --dataset` read a places file with the same loader, so they
/// give the same K nearest at the same points, however odd the file.
@Suite struct NearbyRunAgreementTests {
  /// Five fixes a minute apart, about 55 m apart going north.
  static let fixes = (0..<5).map { (latitude: 60.17 + Double($0) * 0.0005, longitude: 24.94) }

  /// Around every fix: a nameless OSM restaurant (the nearest), a later duplicate of its id even
  /// nearer (skipped by both), a café nearer than the other restaurants, a `types`-only
  /// restaurant without `amenity` (with a rating, and a `distance_m` property of its own), a
  /// restaurant whose id is empty, a take-away (a restaurant too, by the OSM mapping), a
  /// restaurant with no id at all, and one far away.
  static func dataset() -> String {
    var features: [String] = []
    func add(_ id: String?, _ latitude: Double, _ longitude: Double, _ properties: String) {
      let idMember = id.map { #""id":"\#($0)","# } ?? ""
      features.append(
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":["#
          + "\(longitude),\(latitude)]},\"properties\":{\(idMember)\(properties)}}"
      )
    }
    for (index, fix) in fixes.enumerated() {
      let (lat, lon) = fix
      add("nameless-\(index)", lat, lon + 0.00005, #""amenity":"restaurant""#)
      add("cafe-\(index)", lat + 0.00002, lon + 0.0001, #""amenity":"cafe","name":"Café""#)
      add(
        "typed-\(index)",
        lat,
        lon + 0.0002,
        #""types":["restaurant"],"name":"Typed","rating":4.2,"distance_m":"its own""#
      )
      // An empty id names nothing: numbered like a feature without one, on both sides.
      add("", lat + 0.0003, lon, #""amenity":"restaurant","name":"Empty id""#)
      add(
        "takeaway-\(index)",
        lat - 0.0001,
        lon - 0.00015,
        #""amenity":"fast_food","name":"Kebab""#
      )
      add(nil, lat + 0.0002, lon - 0.0003, #""amenity":"restaurant","name":"No id""#)
      add("nameless-\(index)", lat, lon + 0.00001, #""amenity":"restaurant","name":"Twin""#)
      add("far-\(index)", lat, lon + 0.01, #""amenity":"restaurant","name":"Far""#)
    }
    return #"{"type":"FeatureCollection","features":["# + "\n" + features.joined(separator: ",\n")
      + "\n]}\n"
  }

  @Test func nearbyAndRunGiveTheSameNearestPlaces() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let places = directory.appendingPathComponent("places.geojson")
    try Data(Self.dataset().utf8).write(to: places)
    let track = directory.appendingPathComponent("walk.csv")
    let rows = Self.fixes.enumerated().map { index, fix in
      "2026-01-01T00:0\(index):00Z,\(fix.latitude),\(fix.longitude)"
    }
    try Data((["time,lat,lon"] + rows).joined(separator: "\n").utf8).write(to: track)
    let options = ["--radius", "200", "--limit", "3"]

    let run = try FinderFixtures.forage(
      ["run", "--track", track.path, "--dataset", places.path] + options
    )
    try #require(run.status == 0, "forage run: \(run.stderr)")
    let output = try RunOutput(ndjson: run.stdout)
    let answers = output.named("places")
    #expect(answers.count == Self.fixes.count)

    var nearbyWarnings: [Substring] = []
    for answer in answers {
      let at = try #require(answer.at)
      let nearby = try FinderFixtures.forage(
        ["nearby", "--places", places.path, "--at", "\(at.lat),\(at.lon)", "--type", "restaurant"]
          + options
      )
      try #require(nearby.status == 0, "forage nearby: \(nearby.stderr)")
      let objects = nearby.stdout.split(separator: "\n").map { line in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
      }
      let ids = objects.map { $0["id"] as? String ?? "" }
      let index = answer.fixIndex ?? -1
      #expect(answer.places?.map(\.id) == ids, "fix \(index)")
      // The same place objects, member for member (no made-up rating on either side); nearby
      // adds the data's attribution to each.
      let runObjects = try Self.placeObjects(in: run.stdout, fix: index)
      #expect(
        objects.map { NSDictionary(dictionary: $0.filter { $0.key != "attribution" }) }
          == runObjects.map { NSDictionary(dictionary: $0) },
        "fix \(index)"
      )
      #expect(objects.allSatisfy { $0["id"] as? String != "" })
      #expect(ids == ["nameless-\(index)", "typed-\(index)", "takeaway-\(index)"], "fix \(index)")
      nearbyWarnings = nearby.stderr.split(separator: "\n")
    }
    // The same report on both sides: the duplicates skipped, the nameless places counted (the
    // run's count of places without hours, which its provider gives, is its own).
    let runWarnings = run.stderr.split(separator: "\n").filter {
      $0.contains("warning:") && !$0.contains("open_at_fix")
    }
    #expect(runWarnings == nearbyWarnings)
    #expect(nearbyWarnings.count == 6)
    let counts =
      "forage: warning: \(places.path): 35 places, 5 without a \"name\" (kept; the first at "
      + "line 2); 5 features skipped"
    #expect(nearbyWarnings.last.map(String.init) == counts)
    #expect(nearbyWarnings.first?.hasSuffix("duplicate id, first used at line 2; skipped") == true)
  }

  /// The place objects of the `places` event for a fix in `forage run`'s NDJSON.
  static func placeObjects(in ndjson: String, fix: Int) throws -> [[String: Any]] {
    for line in ndjson.split(separator: "\n") {
      let event = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      )
      if event["event"] as? String == "places", event["fix_index"] as? Int == fix {
        return event["places"] as? [[String: Any]] ?? []
      }
    }
    return []
  }

  /// nearby's GeoJSON writes each key once: a dataset property named like one of the feature's
  /// own members is left out.
  @Test func nearbyGeoJSONWritesEachKeyOnce() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let places = directory.appendingPathComponent("places.geojson")
    try Data(Self.dataset().utf8).write(to: places)
    let nearby = try FinderFixtures.forage(
      [
        "nearby", "--places", places.path, "--at", "60.17,24.94", "--radius", "200", "--format",
        "geojson",
      ]
    )
    try #require(nearby.status == 0, "\(nearby.stderr)")
    #expect(nearby.stdout.contains(#""name":"Typed""#))
    for line in nearby.stdout.split(separator: "\n") where line.contains("Typed") {
      #expect(line.components(separatedBy: #""distance_m":"#).count == 2, "\(line)")
      #expect(!line.contains("its own"))
    }
  }

  /// A dataset whose attribution is not text is warned about, by run and nearby alike.
  @Test(arguments: ["7", "true", "[\"a\"]", "\"  \"", "null"])
  func anAttributionThatIsNotTextIsWarnedAbout(value: String) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let places = directory.appendingPathComponent("places.geojson")
    let text = Self.dataset().replacingOccurrences(
      of: #"{"type":"FeatureCollection","#,
      with: #"{"type":"FeatureCollection","attribution":"# + value + ","
    )
    try Data(text.utf8).write(to: places)
    let nearby = try FinderFixtures.forage(
      ["nearby", "--places", places.path, "--at", "60.17,24.94", "--radius", "200"]
    )
    try #require(nearby.status == 0, "\(nearby.stderr)")
    #expect(
      nearby.stderr.contains(#"the collection's "attribution" is "#)
        && nearby.stderr.contains("not the text of a notice; ignored"),
      "\(nearby.stderr)"
    )
    #expect(!nearby.stdout.contains("attribution"))
  }

  @Test func aDatasetWithNoUsablePlaceIsTheSameDataErrorForBoth() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let places = directory.appendingPathComponent("none.geojson")
    try Data(#"{"type":"FeatureCollection","features":[]}"#.utf8).write(to: places)
    let run = try FinderFixtures.forage(
      ["run", "--track", FinderFixtures.walk.path, "--dataset", places.path]
    )
    let nearby = try FinderFixtures.forage(
      ["nearby", "--places", places.path, "--at", "60.17,24.94", "--radius", "100"]
    )
    #expect(run.status == 65 && nearby.status == 65)
    #expect(run.stdout.isEmpty && nearby.stdout.isEmpty)
    #expect(run.stderr == nearby.stderr)
    #expect(nearby.stderr.hasPrefix("forage: \(places.path): no usable place in its 0 features"))
  }
}
