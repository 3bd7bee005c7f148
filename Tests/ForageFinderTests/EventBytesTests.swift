import ForageGeodesy
import ForagePlaceModel
import ForageSupport
import ForageTestSupport
import Foundation
import Testing

@testable import ForageFinder
@testable import ForageWriters

/// What the byte writer (``FinderEvent/write(to:)``, ``NDJSONWriter``, ``JSONDocumentWriter``)
/// writes, read back by an independent reader, Foundation's `JSONDecoder` (exact for numbers, unlike
/// corelibs' `JSONSerialization`, which also drops U+FEFF from strings): one line of
/// valid JSON per event whose members hold exactly the values given (numbers rounded where the
/// format says, not-a-number and infinities as `null`), on every kind of event and on strings and
/// numbers chosen to be awkward. The exact bytes of whole runs are pinned by the golden outputs
/// (ForageCLITests' `GoldenOutput`).
@Suite struct EventBytesTests {
  /// Strings with every escape, control characters, non-ASCII of every UTF-8 length, combining
  /// marks, the line separators JSON leaves alone, and DEL.
  static let awkwardStrings = [
    "", "plain", "Café Ekberg", "Ravintola \"Savoy\"", #"back\slash"#, "tab\there",
    "line\nbreak\r\nthen", "\u{0}\u{1}\u{7}\u{8}\u{b}\u{c}\u{e}\u{1f}", "del\u{7f}", "é (e\u{301})",
    "寿司 🍣 👩‍👩‍👧", "عربي", "\u{2028}\u{2029}", "\u{feff}bom", "\"\\\"\\", "𝄞 outside the BMP",
  ]

  /// Doubles from every range the formatter treats differently, negative zero included.
  static let awkwardDoubles: [Double] = [
    0, -0.0, 1, -1, 0.1, 0.5, 1.5, 60.1705, 24.943, 60.17053456789012, -33.8688197, 1e-7,
    1.0000000000000002, 123456789.123, 999_999_999_999_999, 1e15, 1e16, 1.5e300, -2.5e-300,
    .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 0.001, 12.3456789,
    .nan, .infinity, -.infinity, 4.35, 2.675, 1e22, .leastNormalMagnitude / 3,
  ]

  @Test func everyKindOfEventReadsBackExactly() throws {
    let time = Date(timeIntervalSince1970: 1_781_263_800.25)
    var summary = RunSummary()
    summary.fixes = 3
    summary.storedAnswers = 2
    summary.notifications = NotificationTally(sent: 4, dropped: 1)
    let events = [
      FinderEvent(seq: 0, time: time, payload: .permission(status: "granted", accuracy: "full")),
      FinderEvent(
        seq: 1,
        time: time,
        payload: .location(fixIndex: 0, latitude: 60.17, longitude: -0.0, accuracy: 4.555)
      ),
      FinderEvent(
        seq: 2,
        time: time,
        payload: .location(fixIndex: 1, latitude: 1e-7, longitude: 179.999, accuracy: nil)
      ),
      FinderEvent(
        seq: 3,
        time: time,
        payload: .places(
          fixIndex: 1,
          latitude: 60.1,
          longitude: 24.9,
          radius: 500,
          source: .stored,
          places: [
            NearbyPlace.fixture(
              id: "a",
              name: "A",
              latitude: 60,
              longitude: 24.5,
              distance: 12.34567
            ),
            NearbyPlace.fixture(
              id: "b\"",
              name: "Bü\n",
              latitude: -0.0,
              longitude: 1e-9,
              distance: 0.0005,
              rating: 4.5,
              types: ["restaurant", "ü"],
              vicinity: "Tie 1\t",
              openNow: false
            ),
          ]
        )
      ),
      FinderEvent(
        seq: 4,
        time: time,
        payload: .dropped(fixIndex: 2, reason: "inaccurate", latitude: 60.17, longitude: 24.94)
      ),
      FinderEvent(seq: 5, time: time, payload: .lost(fixIndex: 3)),
      FinderEvent(
        seq: Int.max,
        time: Date(timeIntervalSince1970: -86_400.5),
        payload: .error(kind: "http", message: "503 \"busy\"\u{1}", isRetrying: true)
      ),
      FinderEvent(seq: Int.min, time: time, payload: .summary(summary)),
      FinderEvent(seq: 7, time: time, payload: .summary(RunSummary())),
    ]
    try expectReadBack(events)
  }

  @Test func awkwardStringsAndNumbersReadBackExactly() throws {
    var generator = SplitMix64(seed: 12)
    var events: [FinderEvent] = []
    for seq in 0..<2_000 {
      func text() -> String {
        // Glue two or three awkward strings together, or make one from random scalars.
        if generator.next() % 3 == 0 {
          let scalars = (0..<Int(generator.next() % 12)).compactMap { _ in
            Unicode.Scalar(UInt32(generator.next() % 0x1_0000))
          }
          return String(String.UnicodeScalarView(scalars))
        }
        return (0..<Int(2 + generator.next() % 2)).map { _ in
          Self.awkwardStrings[Int(generator.next() % UInt64(Self.awkwardStrings.count))]
        }.joined()
      }
      func number() -> Double {
        switch generator.next() % 3 {
        case 0: Self.awkwardDoubles[Int(generator.next() % UInt64(Self.awkwardDoubles.count))]
        case 1: Double(bitPattern: generator.next())
        default: (generator.unit() - 0.5) * 360
        }
      }
      let time = Date(timeIntervalSince1970: (generator.unit() - 0.3) * 4e9)
      let places = (0..<Int(generator.next() % 4)).map { _ in
        NearbyPlace.fixture(
          id: text(),
          name: text(),
          latitude: number(),
          longitude: number(),
          distance: number(),
          rating: generator.next() % 2 == 0 ? nil : number(),
          types: generator.next() % 2 == 0 ? [] : [text(), text()],
          vicinity: generator.next() % 2 == 0 ? nil : text(),
          openNow: generator.next() % 2 == 0 ? nil : generator.next() % 2 == 0
        )
      }
      let payloads: [FinderEvent.Payload] = [
        .places(
          fixIndex: seq,
          latitude: number(),
          longitude: number(),
          radius: number(),
          source: .cache,
          places: places
        ),
        .location(fixIndex: seq, latitude: number(), longitude: number(), accuracy: number()),
        .error(kind: text(), message: text(), isRetrying: true),
        .permission(status: text(), accuracy: text()),
        .dropped(fixIndex: seq, reason: text(), latitude: -33.5, longitude: 151.25),
      ]
      events.append(
        FinderEvent(seq: seq, time: time, payload: payloads[Int(generator.next() % 5)])
      )
    }
    try expectReadBack(events)
  }

  @Test func valuesReadBackExactly() throws {
    var values: [JSONValue] = Self.awkwardDoubles.map(JSONValue.double)
    values += Self.awkwardStrings.map(JSONValue.string)
    values += [.int(.min), .int(.max), .int(0), .null, .bool(true)]
    let text = JSONValue.array(values).serialized
    let read = try #require(try ReadJSON.parse(text).array, "not a JSON array: \(text)")
    #expect(read.count == values.count)
    for (value, back) in zip(values, read) {
      switch value {
      case .double(let number): expectNumber(back, number)
      case .string(let string): #expect(back.string == string)
      case .int(let number): #expect(back.number == Double(number))
      case .null: #expect(back == .null)
      case .bool(let flag): #expect(back.bool == flag)
      default: Issue.record("unexpected value \(value)")
      }
    }
  }

  /// Writes the events as NDJSON and as one JSON document, and reads both back with Foundation.
  private func expectReadBack(_ events: [FinderEvent]) throws {
    let sink = StringSink()
    let ndjson = NDJSONWriter(sink: sink)
    for event in events { try ndjson.write(event) }
    try ndjson.finish()
    #expect(sink.text.hasSuffix("\n") || events.isEmpty)
    let lines = sink.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == events.count)
    for (event, line) in zip(events, lines) {
      let object = try #require(try ReadJSON.parse(String(line)).object, "not an object: \(line)")
      expect(object, holds: event)
    }

    let documentSink = StringSink()
    let document = JSONDocumentWriter(sink: documentSink)
    for event in events { try document.write(event) }
    try document.finish()
    let whole = try #require(try ReadJSON.parse(documentSink.text).object)
    let written = try #require(whole["events"]?.array)
    let listed = written.compactMap { $0.object }
    #expect(listed.count == events.count)
    for (event, object) in zip(events, listed) { expect(object, holds: event) }
  }

  /// Checks every member of an event's object against the event.
  private func expect(_ object: [String: ReadJSON], holds event: FinderEvent) {
    #expect(object["event"]?.string == event.name)
    #expect(object["seq"]?.number == Double(event.seq))
    #expect(object["time"]?.string == ISO8601.format(event.time))
    switch event.payload {
    case .permission(let status, let accuracy):
      #expect(object["status"]?.string == status)
      #expect(object["accuracy"]?.string == accuracy)
    case .location(let fixIndex, let latitude, let longitude, let accuracy):
      #expect(object["fix_index"]?.number == Double(fixIndex))
      expectNumber(object["lat"], latitude)
      expectNumber(object["lon"], longitude)
      if let accuracy {
        expectNumber(object["accuracy_m"], JSONValue.roundedNumber(accuracy, places: 2))
      } else {
        #expect(object["accuracy_m"] == nil)
      }
    case .places(let fixIndex, let latitude, let longitude, let radius, let source, let places):
      #expect(object["fix_index"]?.number == Double(fixIndex))
      let at = object["at"]?.object
      expectNumber(at?["lat"], latitude)
      expectNumber(at?["lon"], longitude)
      expectNumber(object["radius_m"], radius)
      #expect(object["source"]?.string == source.rawValue)
      let listed = object["places"]?.array?.compactMap { $0.object } ?? []
      #expect(listed.count == places.count)
      for (nearby, json) in zip(places, listed) {
        let place = nearby.place
        #expect(json["id"]?.string == place.id)
        // A missing name is JSON null, the one spelling every output uses.
        #expect(json["name"] == (place.name.map(ReadJSON.string) ?? .null))
        expectNumber(json["lat"], place.latitude)
        expectNumber(json["lon"], place.longitude)
        expectNumber(json["distance_m"], JSONValue.roundedNumber(nearby.distance, places: 3))
        if let rating = place.rating { expectNumber(json["rating"], rating) }
        #expect((json["rating"] == nil) == (place.rating == nil))
        #expect(json["types"]?.array?.map(\.string) == (place.types.isEmpty ? nil : place.types))
        #expect(json["vicinity"]?.string == place.vicinity)
        #expect(json["open_now"]?.bool == place.openNow)
      }
    case .dropped(let fixIndex, let reason, _, _):
      #expect(object["fix_index"]?.number == Double(fixIndex))
      #expect(object["reason"]?.string == reason)
    case .lost(let fixIndex):
      #expect(object["fix_index"]?.number == Double(fixIndex))
    case .error(let kind, let message, let isRetrying):
      #expect(object["kind"]?.string == kind)
      #expect(object["message"]?.string == message)
      #expect(object["retrying"]?.bool == isRetrying)
    case .summary(let summary):
      #expect(object["fixes"]?.number == Double(summary.fixes))
      #expect(object.count == 3 + summary.jsonMembers().count)
    }
  }

  /// A number read back: the same `Double`, or `null` for one JSON cannot hold.
  private func expectNumber(
    _ read: ReadJSON?,
    _ value: Double,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if value.isFinite {
      #expect(read?.number == value, sourceLocation: sourceLocation)
    } else {
      #expect(read == .null, sourceLocation: sourceLocation)
    }
  }
}

/// Any JSON value as Foundation's `JSONDecoder` reads it: the test's independent reader.
enum ReadJSON: Decodable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([ReadJSON])
  case object([String: ReadJSON])

  /// Reads one JSON document.
  static func parse(_ text: String) throws -> ReadJSON {
    try JSONDecoder().decode(ReadJSON.self, from: Data(text.utf8))
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let list = try? container.decode([ReadJSON].self) {
      self = .array(list)
    } else {
      self = .object(try container.decode([String: ReadJSON].self))
    }
  }

  var bool: Bool? { if case .bool(let flag) = self { flag } else { nil } }
  var number: Double? { if case .number(let number) = self { number } else { nil } }
  var string: String? { if case .string(let text) = self { text } else { nil } }
  var array: [ReadJSON]? { if case .array(let list) = self { list } else { nil } }
  var object: [String: ReadJSON]? { if case .object(let members) = self { members } else { nil } }
}
