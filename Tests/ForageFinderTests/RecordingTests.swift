import ForageLocation
import ForageTracks
import Foundation
import Testing

@testable import ForageFinder

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
          PlaceResult(
            id: "x",
            name: "Café \"X\"",
            latitude: 60.1,
            longitude: 24.9,
            distance: 1.234_567_8
          ),
          PlaceResult(
            id: "y",
            name: "Y",
            latitude: 60.2,
            longitude: 24.8,
            distance: 400,
            rating: 4.5,
            types: ["cafe"],
            vicinity: "Street 1",
            isOpenNow: false
          ),
        ]
      )
    ),
    .placesFailed(
      PlacesFailure(
        fixIndex: 9,
        kind: "transport",
        message: "reset",
        isRetrying: false,
        isFatal: true
      )
    ),
    .notificationsSettled(NotificationTally(sent: 7, dropped: 2)),
    .runFinished(at: t0, requests: 12),
  ]

  @Test func everyActionRoundTrips() throws {
    for action in Self.actions {
      let line = action.recorded.serialized
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      )
      #expect(try FinderAction(recorded: object) == action, "\(line)")
    }
  }

  @Test func theHeaderKeepsTheSettingsTheReducerNeeds() throws {
    let header = RecordingHeader(
      filter: FixFilter(distanceFilter: 5, maximumAccuracy: 50, maximumAge: .seconds(30)),
      isChangesOnly: true
    )
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(header.recorded.serialized.utf8))
        as? [String: Any]
    )
    #expect(try RecordingHeader(recorded: object) == header)
  }

  @Test func aReplayReproducesTheEventsOfTheActions() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "recording-\(UUID()).ndjson"
    )
    defer { try? FileManager.default.removeItem(at: url) }
    let header = RecordingHeader(filter: FixFilter(), isChangesOnly: false)
    let lines = [header.recorded.serialized] + Self.actions.map(\.recorded.serialized)
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    var state = FinderState(filter: header.filter)
    var expected = ""
    for action in Self.actions {
      FinderState.reduce(&state, action)
      for event in state.outbox { expected += event.json.serialized + "\n" }
    }
    let sink = StringSink()
    try FinderReplay.run(url, writer: NDJSONWriter(sink: sink))
    #expect(sink.text == expected)
    let partial = StringSink()
    let stopped = try FinderReplay.run(url, until: 2, writer: NDJSONWriter(sink: partial))
    #expect(stopped.location.authorization == .authorizedWhenInUse)
    #expect(partial.text.split(separator: "\n").count == 1)
  }

  @Test func aBadLineIsReportedWithItsNumber() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "recording-\(UUID()).ndjson"
    )
    defer { try? FileManager.default.removeItem(at: url) }
    let header = RecordingHeader(filter: FixFilter(), isChangesOnly: false).recorded.serialized
    try Data((header + "\n" + #"{"action":"location","at":1,"event":"teleported"}"# + "\n").utf8)
      .write(to: url)
    let error = #expect(throws: RecordingError.self) {
      try FinderReplay.run(url, writer: NDJSONWriter(sink: StringSink()))
    }
    #expect(error?.line == 2)
    #expect(error?.description.contains("teleported") == true)
    try Data("not a recording\n".utf8).write(to: url)
    let headerError = #expect(throws: RecordingError.self) {
      try FinderReplay.run(url, writer: NDJSONWriter(sink: StringSink()))
    }
    #expect(headerError?.line == 1)
  }
}
