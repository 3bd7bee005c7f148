import ForageGeodesy
import ForagePlace
import ForageSupport
import Foundation
import Testing

@testable import ForageFinder
@testable import ForageWriters

/// The byte writer (``FinderEvent/write(to:)``, ``NDJSONWriter``, ``JSONDocumentWriter``) writes
/// exactly the bytes of the String writer it replaced (``LegacyEventText``), on every kind of
/// event and on strings and numbers chosen to be awkward.
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

  @Test func everyKindOfEventIsWrittenAsBefore() throws {
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
    try expectSameBytes(events)
  }

  @Test func awkwardStringsAndNumbersAreWrittenAsBefore() throws {
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
    try expectSameBytes(events)
  }

  @Test func valuesSerializeAsBefore() {
    var values: [JSONValue] = Self.awkwardDoubles.map(JSONValue.double)
    values += Self.awkwardStrings.map(JSONValue.string)
    values += [.int(.min), .int(.max), .int(0), .null, .bool(true)]
    let document = JSONValue.object(
      values.enumerated().map { ("k\($0.offset)\u{1}\"", $0.element) } + [("all", .array(values))]
    )
    for value in values + [document] {
      var legacy = ""
      LegacyEventText.write(value, to: &legacy)
      #expect(value.serialized == legacy)
    }
    for number in Self.awkwardDoubles {
      #expect(JSONValue.format(number) == LegacyEventText.format(number))
    }
  }

  /// Checks NDJSON, the JSON document and each event's `json` against the String writer.
  private func expectSameBytes(_ events: [FinderEvent]) throws {
    let sink = StringSink()
    let ndjson = NDJSONWriter(sink: sink)
    for event in events { try ndjson.write(event) }
    try ndjson.finish()
    let expected = events.map(LegacyEventText.line).joined()
    #expect(Array(sink.text.utf8) == Array(expected.utf8))
    for event in events {
      let line = LegacyEventText.line(event)
      var output = JSONOutput()
      event.write(to: &output)
      #expect(output.text + "\n" == line)
      #expect(event.json().serialized + "\n" == line)
    }

    let documentSink = StringSink()
    let document = JSONDocumentWriter(sink: documentSink)
    for event in events { try document.write(event) }
    try document.finish()
    var summary = JSONValue.null
    for event in events {
      if case .summary = event.payload, case .object(let members, _) = LegacyEventText.tree(event) {
        summary = .object(Array(members.dropFirst(3)))
      }
    }
    var legacyDocument = ""
    LegacyEventText.write(
      .object([("events", .array(events.map(LegacyEventText.tree))), ("summary", summary)]),
      to: &legacyDocument
    )
    #expect(documentSink.text == legacyDocument + "\n")
  }
}
