import ForageTestSupport
import Foundation
import Testing

/// Every command tells the same run in the same words: snake_case keys and values, a missing
/// name as `null`, the data's attribution in every format, every JSON output valid against the
/// schema, and a replay of a recording made as NDJSON printing what the run prints, byte for
/// byte, in every format.
@Suite struct OneSpellingTests {
  static let attribution = "Test places © Somebody & Co, CC BY 4.0"

  /// Three fixes a minute apart going north, with a named café, a nameless restaurant (the
  /// nearest) and a bar near each.
  static func files() throws -> (directory: URL, track: URL, places: URL) {
    let directory = try FinderFixtures.temporaryDirectory()
    var features: [String] = []
    var rows = ["time,lat,lon"]
    for index in 0..<3 {
      let lat = 60.17 + Double(index) * 0.0005
      rows.append("2026-01-01T00:0\(index):00Z,\(lat),24.94")
      for (id, offset, properties) in [
        ("nameless-\(index)", 0.00005, #""amenity":"restaurant""#),
        ("cafe-\(index)", 0.0002, #""amenity":"cafe","name":"Café \#(index)""#),
        ("bar-\(index)", 0.0004, #""amenity":"bar","name":"Bar \#(index)","addr:street":"Katu""#),
      ] {
        features.append(
          #"{"type":"Feature","geometry":{"type":"Point","coordinates":["#
            + "\(24.94 + offset),\(lat)]},\"properties\":{\"id\":\"\(id)\",\(properties)}}"
        )
      }
    }
    let places = directory.appendingPathComponent("places.geojson")
    try Data(
      (#"{"type":"FeatureCollection","attribution":"\#(attribution)","features":["#
        + features.joined(separator: ",\n") + "]}\n").utf8
    ).write(to: places)
    let track = directory.appendingPathComponent("walk.csv")
    try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: track)
    return (directory, track, places)
  }

  /// Every key in a JSON value, at any depth, with the path to it; `skipping` names objects
  /// whose keys come from the data (a dataset's own properties).
  static func keys(of value: Any, at path: String = "", skipping: (String) -> Bool) -> [String] {
    if let object = value as? [String: Any] {
      return object.flatMap { key, member -> [String] in
        let here = path + "/" + key
        return [here] + (skipping(here) ? [] : keys(of: member, at: here, skipping: skipping))
      }
    }
    if let array = value as? [Any] {
      return array.flatMap { keys(of: $0, at: path + "/*", skipping: skipping) }
    }
    return []
  }

  static func expectSnakeCase(
    _ json: String,
    _ label: String,
    skipping: (String) -> Bool = { _ in false }
  ) throws {
    let values: [Any] =
      label.hasSuffix("ndjson")
      ? try json.split(separator: "\n").map {
        try JSONSerialization.jsonObject(with: Data($0.utf8))
      }
      : [try JSONSerialization.jsonObject(with: Data(json.utf8))]
    for value in values {
      for path in keys(of: value, skipping: skipping) {
        let key = String(path.split(separator: "/").last ?? "")
        #expect(
          key.range(of: "^[a-z][a-z0-9_]*$", options: .regularExpression) != nil,
          "\(label): key \(path) is not snake_case"
        )
      }
    }
  }

  @Test func runAndReplaySpellEverythingOneWayInEveryFormat() throws {
    let (directory, track, places) = try Self.files()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = directory.appendingPathComponent("run.ndjson")
    let base = ["run", "--track", track.path, "--dataset", places.path, "--radius", "100"]
    let recorded = try FinderFixtures.forage(base + ["--record", recording.path])
    try #require(recorded.status == 0, "\(recorded.stderr)")

    for format in ["ndjson", "json", "geojson", "table", "html"] {
      let output = directory.appendingPathComponent("out.\(format)")
      let run = try FinderFixtures.forage(base + ["--format", format, "--output", output.path])
      try #require(run.status == 0, "\(format): \(run.stderr)")
      let text = try String(contentsOf: output, encoding: .utf8)
      let replay = try FinderFixtures.forage(["replay", recording.path, "--format", format])
      #expect(replay.status == 0, "\(format): \(replay.stderr)")
      #expect(replay.stdout == text, "replay as \(format) differs from the run")

      let shown =
        format == "html"
        ? Self.attribution.replacingOccurrences(of: "&", with: "&amp;") : Self.attribution
      #expect(text.contains(shown), "\(format): no attribution")
      if let check = Self.runChecks[format] {
        #expect(try Self.schemaErrors(text, check).isEmpty, "run \(format)")
        try Self.expectSnakeCase(text, "run \(format)")
      }
      switch format {
      case "ndjson":
        #expect(text.contains(#""name":null"#))
        #expect(text.contains(#""status":"authorized_when_in_use""#))
      case "geojson":
        #expect(text.contains(#""name":null"#))
      case "table":
        #expect(text.contains("(no name)"))
        #expect(text.contains("permission: authorized_when_in_use"))
      case "html":
        #expect(text.contains("(no name"))
      default:
        break
      }
    }
  }

  /// Where each JSON format of a command is checked: a `$defs` name in forage-output.schema.json
  /// (`nil`: the NDJSON events of forage-event.schema.json), and whether the text is one
  /// document or a line each.
  typealias SchemaCheck = (definition: String?, isDocument: Bool)

  /// `run`'s JSON formats.
  static let runChecks: [String: SchemaCheck] = [
    "ndjson": (nil, false), "json": ("run_document", true), "geojson": ("run_geojson", true),
  ]

  /// `nearby`'s JSON formats.
  static let nearbyChecks: [String: SchemaCheck] = [
    "ndjson": ("nearby_line", false), "json": ("nearby_document", true),
    "geojson": ("nearby_geojson", true),
  ]

  /// The schema's complaints about a command's output.
  static func schemaErrors(_ text: String, _ check: SchemaCheck) throws -> [String] {
    let schema = check.definition == nil ? FinderFixtures.schema : FinderFixtures.outputSchema
    return check.isDocument
      ? try JSONSchemaCheck.errors(inDocument: text, schema: schema, definition: check.definition)
      : try JSONSchemaCheck.errors(in: text, schema: schema, definition: check.definition)
  }

  @Test func nearbySpellsPlacesAsRunDoesWithTheAttribution() throws {
    let (directory, track, places) = try Self.files()
    defer { try? FileManager.default.removeItem(at: directory) }
    for origin in [["--at", "60.17,24.94"], ["--along", track.path]] {
      for format in ["ndjson", "json", "geojson", "table"] {
        let result = try FinderFixtures.forage(
          ["nearby", "--places", places.path, "--radius", "100", "--format", format] + origin
        )
        try #require(result.status == 0, "\(format): \(result.stderr)")
        let text = result.stdout
        #expect(text.contains(Self.attribution), "nearby \(format): no attribution")
        if let check = Self.nearbyChecks[format] {
          #expect(try Self.schemaErrors(text, check).isEmpty, "nearby \(format)")
          // The dataset's own properties keep their names (addr:street).
          try Self.expectSnakeCase(text, "nearby \(format)") { $0 == "/features/*/properties" }
        }
        if format == "ndjson" { #expect(text.contains(#""name":null"#)) }
        if format == "table" { #expect(text.contains("(no name)")) }
      }
    }
  }

  /// The place objects of run and nearby at the same point are the same bytes.
  @Test func nearbyAndRunWriteTheSamePlaceObject() throws {
    let (directory, track, places) = try Self.files()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try FinderFixtures.forage(
      ["run", "--track", track.path, "--dataset", places.path, "--radius", "100", "--limit", "3"]
    )
    try #require(run.status == 0, "\(run.stderr)")
    let first = try #require(run.stdout.split(separator: "\n").first { $0.contains(#""places""#) })
    let nearby = try FinderFixtures.forage(
      [
        "nearby", "--places", places.path, "--radius", "100", "--limit", "3", "--at", "60.17,24.94",
        "--format", "json",
      ]
    )
    try #require(nearby.status == 0, "\(nearby.stderr)")
    let runPlaces = try #require(first.range(of: #""places":["#)).upperBound
    let nearbyPlaces = try #require(nearby.stdout.range(of: #""places":["#)).upperBound
    // The in-process mock adds a rating, as Google does; the dataset has none.
    let rating = #","rating":[0-9.]+"#
    let runList = String(first[runPlaces...].prefix { $0 != "]" })
      .replacingOccurrences(of: rating, with: "", options: .regularExpression)
    let nearbyList = String(nearby.stdout[nearbyPlaces...].prefix { $0 != "]" })
    #expect(runList == nearbyList)
  }

  @Test func validateSpellsAsRunDoes() throws {
    let (directory, track, _) = try Self.files()
    defer { try? FileManager.default.removeItem(at: directory) }
    let broken = directory.appendingPathComponent("broken.gpx")
    try Data(
      (#"<gpx><trk><trkseg><trkpt lat="60.1" lon="24.9"></trkpt>"#
        + #"<trkpt lat="60.2" lon="24.9"><time>2020-01-01T00:00:00Z</time></trkpt>"#
        + #"<trkpt lat="95" lon="24.9"></trkpt></trkseg></trk></gpx>"#).utf8
    ).write(to: broken)
    for file in [track, broken] {
      let result = try FinderFixtures.forage(["validate", file.path, "--format", "json"])
      try #require(result.status == 0 || result.status == 65, "\(result.stderr)")
      #expect(
        try JSONSchemaCheck.errors(
          inDocument: result.stdout,
          schema: FinderFixtures.outputSchema,
          definition: "validate_report"
        ).isEmpty
      )
      try Self.expectSnakeCase(result.stdout, "validate json")
      for old in [
        "_metres", "_latitude", "_longitude", "_seconds", "missingTime", "invalidCoordinate",
      ] {
        #expect(!result.stdout.contains(old), "validate writes \(old)")
      }
    }
  }
}
