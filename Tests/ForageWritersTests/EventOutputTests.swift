import ForageFinder
import ForagePlaceModel
import ForageSupport
import ForageTestSupport
import ForageTracks
import Foundation
import Testing

@testable import ForageWriters

/// The output contract scripts rely on: key order, escapes, times, formats, schema, atomic files.
@Suite struct EventOutputTests {
  static let start = Date(timeIntervalSince1970: 1_781_263_800)  // 2026-06-12T11:30:00Z

  static let events: [FinderEvent] = [
    FinderEvent(
      seq: 0,
      time: start,
      payload: .permission(status: "authorized_when_in_use", accuracy: "full")
    ),
    FinderEvent(
      seq: 1,
      time: start,
      payload: .location(fixIndex: 0, latitude: 60.171, longitude: 24.9433, accuracy: 4.5)
    ),
    FinderEvent(
      seq: 2,
      time: start,
      payload: .places(
        fixIndex: 0,
        latitude: 60.171,
        longitude: 24.9433,
        radius: 500,
        source: .network,
        places: [
          NearbyPlace.fixture(
            id: "osm-node-1",
            name: "Café \"Ursula\"\n",
            latitude: 60.1712,
            longitude: 24.9441,
            distance: 52.123456,
            rating: 4.5,
            types: ["cafe"],
            vicinity: "Ehrensvärdintie 3",
            openNow: true
          ),
          NearbyPlace.fixture(
            id: "osm-node-2",
            name: "Soc&Kom",
            latitude: 60.17,
            longitude: 24.95,
            distance: 410.5
          ),
        ]
      )
    ),
    FinderEvent(
      seq: 3,
      time: start.addingTimeInterval(1.25),
      payload: .dropped(fixIndex: 1, reason: "low_accuracy", latitude: 60.17, longitude: 24.94)
    ),
    FinderEvent(
      seq: 4,
      time: start.addingTimeInterval(2),
      payload: .error(kind: "over_query_limit", message: "OVER_QUERY_LIMIT", isRetrying: true)
    ),
    FinderEvent(seq: 5, time: start.addingTimeInterval(2), payload: .summary(RunSummary())),
  ]

  static func render(_ format: OutputFormat) throws -> String {
    let sink = StringSink()
    let writer = format.makeWriter(to: sink)
    for event in events { try writer.write(event) }
    try writer.finish()
    #expect(sink.isCommitted)
    return sink.text
  }

  @Test func ndjsonWritesOneObjectALineWithEventSeqAndTimeFirst() throws {
    let lines = try Self.render(.ndjson).split(separator: "\n")
    #expect(lines.count == Self.events.count)
    #expect(
      lines[0]
        == #"{"event":"permission","seq":0,"time":"2026-06-12T11:30:00Z","status":"authorized_when_in_use","accuracy":"full"}"#
    )
    #expect(
      lines[1].hasPrefix(
        #"{"event":"location","seq":1,"time":"2026-06-12T11:30:00Z","fix_index":0"#
      )
    )
    #expect(lines[2].contains(#""name":"Café \"Ursula\"\n""#))
    #expect(lines[2].contains(#""distance_m":52.123"#))
    #expect(lines[3].contains(#""time":"2026-06-12T11:30:01.250Z""#))
  }

  @Test func everyNDJSONLineParsesAsJSON() throws {
    for line in try Self.render(.ndjson).split(separator: "\n") {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["event"] is String)
    }
  }

  @Test(
    .enabled(
      if: JSONSchemaCheck.isAvailable,
      "needs python3 with jsonschema (make test installs it)"
    )
  )
  func everyEventKindMatchesTheBundledSchema() throws {
    let errors = try JSONSchemaCheck.errors(
      in: Self.render(.ndjson),
      schema: TestData.resource("schema/forage-event.schema.json")
    )
    #expect(errors.isEmpty, "\(errors)")
  }

  @Test(
    .enabled(
      if: JSONSchemaCheck.isAvailable,
      "needs python3 with jsonschema (make test installs it)"
    )
  )
  func theSchemaRejectsAPlacesEventWithoutPlaces() throws {
    let bad = #"{"event":"places","seq":0,"time":"2026-06-12T11:30:00Z","fix_index":0"}"#
    let errors = try JSONSchemaCheck.errors(
      in: bad,
      schema: TestData.resource("schema/forage-event.schema.json")
    )
    #expect(!errors.isEmpty)
  }

  @Test func jsonFormatIsOneDocumentWithEventsAndSummary() throws {
    let text = try Self.render(.json)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    )
    #expect((document["events"] as? [Any])?.count == Self.events.count)
    #expect((document["summary"] as? [String: Any])?["fixes"] as? Int == 0)
  }

  @Test func geojsonIsAFeatureCollectionOfTheTrackAndThePlaces() throws {
    let text = try Self.render(.geojson)
    let collection = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    )
    #expect(collection["type"] as? String == "FeatureCollection")
    let features = try #require(collection["features"] as? [[String: Any]])
    #expect(features.count == 3)
    let kinds = features.compactMap { ($0["properties"] as? [String: Any])?["kind"] as? String }
    #expect(kinds == ["track", "place", "place"])
  }

  @Test func tableShowsARowPerAnswerAndTheTotals() throws {
    let text = try Self.render(.table)
    #expect(text.contains("permission: authorized_when_in_use"))
    // The name's newline is data, not layout: the table shows it escaped.
    #expect(text.contains("Café \"Ursula\"\\u{a} (52 m, hours unknown)"))
    #expect(text.contains("fix 1 dropped: low_accuracy"))
    #expect(text.contains("requests 0; errors 0"))
  }

  @Test func iso8601KeepsMillisecondsOnlyWhenPresent() {
    #expect(ISO8601.format(Self.start) == "2026-06-12T11:30:00Z")
    #expect(ISO8601.format(Self.start.addingTimeInterval(0.5)) == "2026-06-12T11:30:00.500Z")
    #expect(ISO8601.format(Date(timeIntervalSince1970: -2_147_483_648)) == "1901-12-13T20:45:52Z")
  }

  @Test func jsonNumbersAndEscapesAreStable() {
    #expect(JSONValue.double(500).serialized == "500")
    #expect(JSONValue.double(60.171).serialized == "60.171")
    #expect(JSONValue.double(.nan).serialized == "null")
    #expect(JSONValue.string("a\u{1}b").serialized == #""a\u0001b""#)
  }

  @Test func atomicFileSinkLeavesNothingUntilCommit() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "forage-sink-\(UUID().uuidString)"
    )
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let destination = directory.appendingPathComponent("out.ndjson")
    try "old\n".write(to: destination, atomically: true, encoding: .utf8)
    do {
      let sink = try AtomicFileSink(destination: destination)
      try sink.write("half")
      // Abandoned without commit: the old file stays and no temporary file is left.
    }
    #expect(try String(contentsOf: destination, encoding: .utf8) == "old\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.ndjson"])
    let sink = try AtomicFileSink(destination: destination)
    try sink.write("new\n")
    try sink.commit()
    #expect(try String(contentsOf: destination, encoding: .utf8) == "new\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.ndjson"])
  }

  @Test func atomicFileSinkReportsAnUnwritableDirectory() {
    #expect(throws: OutputError.self) {
      _ = try AtomicFileSink(destination: URL(fileURLWithPath: "/nonexistent-dir/out.json"))
    }
  }
}
