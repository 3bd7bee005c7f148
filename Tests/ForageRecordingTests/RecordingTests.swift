import ForageCoverage
import ForageGeodesy
import ForageLocation
import ForagePlaceModel
import ForageTestSupport
import ForageTracks
import Foundation
import Testing

@testable import ForageFinder
@testable import ForageRecording
@testable import ForageWriters

/// Recorded actions read back as the same values, and bad recordings say where and what.
@Suite struct RecordingTests {
  static let t0 = Date(timeIntervalSince1970: 1_781_263_800.25)

  static let actions: [FinderAction] = [
    .location(.authorizationRequested, at: t0),
    .location(.authorizationChanged(.authorizedWhenInUse, .reduced), at: t0),
    .location(.updatesStarted, at: t0),
    .location(.updatesStopped, at: t0),
    .location(
      .fixReceived(
        index: 3,
        fix: Fix(
          time: t0,
          latitude: 60.171_046_1,
          longitude: 24.943_277_1,
          elevation: 12.5,
          horizontalAccuracy: 4.5,
          speed: 1.3,
          course: 270,
          hdop: 0.9,
          satellites: 9,
          segment: 2,
          line: 44,
          kind: .routePoint
        ),
        receivedAt: t0
      ),
      at: t0
    ),
    .location(
      .fixReceived(index: 4, fix: Fix(latitude: -33.9, longitude: 151.2), receivedAt: nil),
      at: t0
    ),
    .location(.locationUnknown(index: 5), at: t0),
    .placesAnswered(
      PlacesAnswer(
        fixIndex: 3,
        latitude: 60.17,
        longitude: 24.94,
        radius: 500,
        source: .cache,
        places: [
          NearbyPlace.fixture(
            id: "x",
            name: "Café \"X\"",
            latitude: 60.1,
            longitude: 24.9,
            distance: 1.234_567_8
          ),
          NearbyPlace.fixture(
            id: "y",
            name: "Y",
            latitude: 60.2,
            longitude: 24.8,
            distance: 400,
            rating: 4.5,
            types: ["cafe"],
            vicinity: "Street 1",
            openNow: false
          ),
        ]
      )
    ),
    .placesFailed(
      PlacesFailure(
        fixIndex: 4,
        kind: "transport",
        message: "reset",
        isRetrying: false,
        isFatal: true
      )
    ),
    .notificationsSettled(NotificationTally(sent: 7, dropped: 2)),
    .coverageSettled(
      CoverageOutline(
        rings: [
          [(60.17, 24.94), (60.17, 24.95), (60.1712345678901, 24.95), (60.17, 24.94)]
            .compactMap { try? Coordinate(latitude: $0.0, longitude: $0.1) }
        ]
      )
    ),
    .attributionSettled("Data © Someone; Listings by \"Other\""),
    .runFinished(at: t0, requests: 12),
    .runFinished(at: t0, requests: 12, requestsBySKU: ["nearby_search_pro": 12, "free": 0]),
    .runCutShort(at: t0),
  ]

  /// A value as one recording line, without its newline.
  static func line(_ value: some Encodable) throws -> String {
    String(try RecordingFormat.line(value, using: RecordingFormat.makeEncoder()).dropLast())
  }

  @Test func everyActionRoundTrips() throws {
    for action in Self.actions {
      let line = try Self.line(action)
      #expect(
        try JSONDecoder().decode(FinderAction.self, from: Data(line.utf8)) == action,
        "\(line)"
      )
    }
  }

  @Test func aSearchedAreaOffTheGlobeIsRefused() throws {
    for rings in ["[[[95,24.9]]]", "[[[60.1]]]", "[[[60.1,24.9,3]]]"] {
      let line = #"{"action":"coverage_settled","rings":"# + rings + "}"
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(FinderAction.self, from: Data(line.utf8))
      }
    }
  }

  @Test func theWireShapeIsStable() throws {
    #expect(
      try Self.line(Self.actions[4])
        == #"{"action":"location","at":1781263800.25,"event":"fix_received","fix":{"accuracy":4.5,"#
        + #""course":270,"ele":12.5,"hdop":0.9,"kind":"route_point","lat":60.1710461,"line":44,"#
        + #""lon":24.9432771,"sat":9,"segment":2,"speed":1.3,"time":1781263800.25},"index":3,"#
        + #""received_at":1781263800.25}"#
    )
    #expect(
      try Self.line(Self.actions[8])
        == #"{"action":"places_failed","fatal":true,"fix_index":4,"kind":"transport","#
        + #""message":"reset","retrying":false}"#
    )
    #expect(
      try Self.line(RecordingHeader(filter: FixFilter(), isChangesOnly: false))
        == #"{"changes_only":false,"filter":{"distance_filter_m":0,"maximum_speed_mps":100,"#
        + #""reduced_accuracy_grid_deg":0.05,"reduced_accuracy_interval_s":900},"#
        + #""forage_recording":2}"#
    )
  }

  @Test func theRunsFilterIsRecordedAndReadBack() throws {
    let header = RecordingHeader(filter: .standard(distanceFilter: 5), isChangesOnly: false)
    let line = try Self.line(header)
    #expect(line.contains(#""maximum_accuracy_m":100,"maximum_hdop":5,"#), "\(line)")
    #expect(try JSONDecoder().decode(RecordingHeader.self, from: Data(line.utf8)) == header)
  }

  @Test func seventeenDigitNumbersComeBackExactly() throws {
    // JSONSerialization on Linux reads 24.943190675824884 as 24.94319067582488.
    let fix = Fix(time: Self.t0, latitude: 60.171_073_066_111_3, longitude: 24.943_190_675_824_884)
    let action = FinderAction.location(
      .fixReceived(index: 0, fix: fix, receivedAt: Self.t0),
      at: Date(timeIntervalSince1970: 1_781_263_800.123_456_7)
    )
    let line = try Self.line(action)
    #expect(line.contains("24.943190675824884"))
    #expect(try JSONDecoder().decode(FinderAction.self, from: Data(line.utf8)) == action)
  }

  @Test func theHeaderKeepsTheSettingsTheReducerNeeds() throws {
    let header = RecordingHeader(
      filter: FixFilter(
        distanceFilter: 5,
        maximumAccuracy: 50,
        maximumAge: .seconds(30),
        reducedAccuracyInterval: .milliseconds(1500)
      ),
      isChangesOnly: true
    )
    let line = try Self.line(header)
    #expect(try JSONDecoder().decode(RecordingHeader.self, from: Data(line.utf8)) == header)
  }

  @Test func aReplayReproducesTheEventsOfTheActions() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "recording-\(UUID()).ndjson"
    )
    defer { try? FileManager.default.removeItem(at: url) }
    let header = RecordingHeader(filter: FixFilter(), isChangesOnly: false)
    let lines = try [Self.line(header)] + Self.actions.map(Self.line)
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    var state = FinderState(filter: header.filter)
    var expected = ""
    for action in Self.actions {
      FinderState.reduce(&state, action)
      for event in state.outbox { expected += event.json().serialized + "\n" }
    }
    let sink = StringSink()
    try FinderReplay.run(url, writer: NDJSONWriter(sink: sink))
    #expect(sink.text == expected)
    let partial = StringSink()
    let stopped = try FinderReplay.run(url, until: 2, writer: NDJSONWriter(sink: partial))
    #expect(stopped.location.authorization == .authorizedWhenInUse)
    // The permission event, then a summary of the run so far, marked incomplete.
    let partialLines = partial.text.split(separator: "\n")
    #expect(partialLines.count == 2)
    #expect(partialLines.last?.contains(#""complete":false"#) == true)
  }

  /// The expected outputs are today's (snake_case values since recording version 2; a lost fix is a `lost` event and the summary has
  /// `fixes_lost` and `answers` since counts were made to add up); the recordings themselves
  /// are as the first writer wrote them.
  @Test(arguments: ["v1-walk-permissions-noise", "v1-unreachable-api"])
  func aRecordingFromBeforeCodableReplaysByteForByte(name: String) throws {
    let recording = try #require(
      Bundle.module.url(forResource: name, withExtension: "actions", subdirectory: "Fixtures")
    )
    let output = try #require(
      Bundle.module.url(forResource: name, withExtension: "ndjson", subdirectory: "Fixtures")
    )
    let sink = StringSink()
    try FinderReplay.run(recording, writer: NDJSONWriter(sink: sink))
    #expect(sink.text == (try String(contentsOf: output, encoding: .utf8)))
  }

  /// Version 1 wrote a place without a name as `""` and values in camelCase; both read as
  /// today's model, which writes the name as absent and values in snake_case.
  @Test func versionOneSpellingsReadAsTheOneModel() throws {
    let decoder = JSONDecoder()
    let answer = try decoder.decode(
      FinderAction.self,
      from: Data(
        (#"{"action":"places_answered","fix_index":0,"lat":60.1,"lon":24.9,"radius_m":500,"#
          + #""source":"network","places":[{"id":"a","name":"","lat":60.1,"lon":24.9,"#
          + #""distance_m":1}]}"#).utf8
      )
    )
    guard case .placesAnswered(let read) = answer else {
      Issue.record("not an answer: \(answer)")
      return
    }
    #expect(read.places.first?.place.name == nil)
    #expect(!(try Self.line(answer)).contains(#""name""#))
    let permission = try decoder.decode(
      FinderAction.self,
      from: Data(
        (#"{"action":"location","at":0,"event":"authorization_changed","#
          + #""status":"authorizedWhenInUse","accuracy":"full"}"#).utf8
      )
    )
    #expect(try Self.line(permission).contains(#""status":"authorized_when_in_use""#))
  }

  @Test func aRecordingFromBeforeCodableReadsAsTheSameActionsWrittenAgain() throws {
    let url = try #require(
      Bundle.module.url(
        forResource: "v1-walk-permissions-noise",
        withExtension: "actions",
        subdirectory: "Fixtures"
      )
    )
    let (header, actions) = try RecordingFormat.read(url.path, limit: nil)
    let decoder = JSONDecoder()
    #expect(header.filter.distanceFilter == 5)
    #expect(actions.count == 76)
    for action in actions {
      #expect(try decoder.decode(FinderAction.self, from: Data(Self.line(action).utf8)) == action)
    }
  }
}

/// A run's bill in its `run_finished` action: read back as written, absent in older recordings,
/// and refused when it cannot be counts of requests.
@Suite struct RunFinishedBillTests {
  static func decode(_ bill: String?) throws -> FinderAction {
    let member = bill.map { #","requests_by_sku":"# + $0 } ?? ""
    let line = #"{"action":"run_finished","at":0,"requests":3"# + member + "}"
    return try JSONDecoder().decode(FinderAction.self, from: Data(line.utf8))
  }

  @Test func aRecordingWithoutABillReadsAsNone() throws {
    let action = try Self.decode(nil)
    #expect(action == .runFinished(at: Date(timeIntervalSince1970: 0), requests: 3))
  }

  @Test func aBillReadsBack() throws {
    let action = try Self.decode(#"{"nearby_search_pro":3,"free":0}"#)
    #expect(
      action
        == .runFinished(
          at: Date(timeIntervalSince1970: 0),
          requests: 3,
          requestsBySKU: ["nearby_search_pro": 3, "free": 0]
        )
    )
  }

  @Test(arguments: [
    #"{"nearby_search_pro":-1}"#, #"{"":3}"#, #"{"x":2.5}"#, #"{"x":"3"}"#, #"{"x":1e300}"#,
    #"[3]"#, #"{"x":null}"#,
  ])
  func anImpossibleBillIsRefused(_ bill: String) throws {
    #expect(throws: DecodingError.self) { try Self.decode(bill) }
  }
}
