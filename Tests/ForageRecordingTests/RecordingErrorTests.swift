import ForageLocation
import Foundation
import Testing

@testable import ForageFinder
@testable import ForageRecording
@testable import ForageWriters

/// A recording that is not one, or holds an impossible value, is refused at its line with what
/// was expected.
@Suite struct RecordingErrorTests {
  static let header =
    #"{"changes_only":false,"filter":{"distance_filter_m":0,"maximum_speed_mps":100,"#
    + #""reduced_accuracy_grid_deg":0.05,"reduced_accuracy_interval_s":900},"forage_recording":1}"#

  static let fix =
    #"{"action":"location","at":1,"event":"fix_received","index":0,"received_at":1,"fix":"#
    + #"{"lat":60.1,"lon":24.9,"segment":0,"kind":"trackPoint"}}"#

  /// Replays a file of these lines and returns the error it must raise.
  static func error(replaying lines: [String]) throws -> RecordingError {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "recording-\(UUID()).ndjson"
    )
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: url)
    let sink = StringSink()
    let error = try #require(
      #expect(throws: RecordingError.self) {
        try FinderReplay.run(url, writer: NDJSONWriter(sink: sink))
      }
    )
    #expect(error.file == url.path)
    #expect(sink.text.isEmpty)
    return error
  }

  @Test(arguments: [
    (#""lat":60.1"#, #""lat":999"#, #""fix.lat" between -90 and 90, not 999"#),
    (#""lat":60.1"#, #""lat":NaN"#, "one JSON object per line"),
    (#""lat":60.1"#, #""lat":"60.1""#, #""fix.lat" as a number"#),
    (#""lat":60.1"#, #""lat":null"#, #""fix.lat" as a number, not null"#),
    (#""lat":60.1,"#, "", #"a member "fix.lat""#),
    (#""lon":24.9"#, #""lon":-180.5"#, #""fix.lon" between -180 and 180, not -180.5"#),
    (#""index":0"#, #""index":-1"#, #""index" as a whole number 0 or more, not -1"#),
    (#""index":0"#, #""index":2.5"#, #""index" as a whole number 0 or more, not 2.5"#),
    (#""segment":0"#, #""segment":1e400"#, "one JSON object per line"),
    (
      #""kind":"trackPoint""#, #""kind":"pin""#,
      #""fix.kind" as one of track_point, route_point or waypoint, not "pin""#
    ),
    (
      #""event":"fix_received""#, #""event":"teleported""#,
      #""event" as one of authorization_requested, authorization_changed, updates_started, "#
        + #"updates_stopped, fix_received or location_unknown, not "teleported""#
    ),
    (
      #""action":"location""#, #""action":"teleported""#,
      #""action" as one of location, places_answered, places_failed, notifications_settled, "#
        + #"coverage_settled, attribution_settled, run_finished or run_cut_short, "#
        + #"not "teleported""#
    ),
    (#"{"action""#, #"[{"action""#, "one JSON object per line"),
  ])
  func anImpossibleActionIsRefusedAtItsLine(
    replacing original: String,
    with replacement: String,
    expected: String
  ) throws {
    let bad = Self.fix.replacingOccurrences(of: original, with: replacement)
    #expect(bad != Self.fix)

    let error = try Self.error(replaying: [Self.header, Self.fix, "", bad, Self.fix])

    #expect(error.line == 4)
    #expect(error.expected == expected)
  }

  @Test func aPlaceOffTheGlobeIsNamedByItsPosition() throws {
    let answer =
      #"{"action":"places_answered","fix_index":0,"lat":60.1,"lon":24.9,"radius_m":500,"#
      + #""source":"cache","places":[{"id":"a","name":"A","lat":60,"lon":24,"distance_m":1},"#
      + #"{"id":"b","name":"B","lat":60,"lon":240,"distance_m":2}]}"#

    let error = try Self.error(replaying: [Self.header, answer])

    #expect(error.line == 2)
    #expect(error.expected == #""places[1].lon" between -180 and 180, not 240"#)
    #expect(
      error.description.hasSuffix(#":2: expected "places[1].lon" between -180 and 180, not 240"#)
    )
  }

  static let answer =
    #"{"action":"places_answered","fix_index":0,"lat":60.1,"lon":24.9,"radius_m":500,"#
    + #""source":"cache","places":[{"id":"a","name":"A","lat":60,"lon":24,"distance_m":1,"#
    + #""rating":4.5}]}"#

  /// Values a run cannot have made are refused at their line: a rating beyond 5, a radius of
  /// nothing or beyond a search's reach, an empty id, a distance beyond the radius, an answer
  /// for a fix not yet recorded, an empty notice.
  @Test(arguments: [
    (
      answer.replacingOccurrences(of: #""rating":4.5"#, with: #""rating":7"#),
      #""places[0].rating" between 0 and 5, not 7"#
    ),
    (
      answer.replacingOccurrences(of: #""rating":4.5"#, with: #""rating":-1"#),
      #""places[0].rating" between 0 and 5, not -1"#
    ),
    (
      answer.replacingOccurrences(of: #""radius_m":500"#, with: #""radius_m":0"#),
      #""radius_m" between 2.220446049250313e-16 and 50000, not 0"#
    ),
    (
      answer.replacingOccurrences(of: #""radius_m":500"#, with: #""radius_m":1e308"#),
      #""radius_m" between 2.220446049250313e-16 and 50000, not 1e+308"#
    ),
    (
      answer.replacingOccurrences(of: #""id":"a""#, with: #""id":"""#),
      #""places[0].id" as text that is not empty"#
    ),
    (
      answer.replacingOccurrences(of: #""distance_m":1"#, with: #""distance_m":501"#),
      #""places[0].distance_m" between 0 and 500, not 501"#
    ),
    (
      answer.replacingOccurrences(of: #""fix_index":0"#, with: #""fix_index":7"#),
      #""fix_index" of a fix recorded before this line (the newest is 0), not 7"#
    ),
    (
      #"{"action":"places_failed","fix_index":3,"kind":"transport","message":"m","#
        + #""retrying":false,"fatal":false}"#,
      #""fix_index" of a fix recorded before this line (the newest is 0), not 3"#
    ),
    (
      #"{"action":"attribution_settled","attribution":""}"#,
      #""attribution" as text that is not empty"#
    ),
  ])
  func anImpossibleAnswerIsRefusedAtItsLine(line: String, expected: String) throws {
    try Self.expectRefusedAtLineThree(line, expected)
  }

  static let twoPlaces =
    #"{"action":"places_answered","fix_index":0,"lat":60.1,"lon":24.9,"radius_m":500,"#
    + #""source":"cache","places":[{"id":"a","lat":60,"lon":24,"distance_m":10},"#
    + #"{"id":"b","lat":60,"lon":24,"distance_m":20}]}"#

  /// An answer a run cannot have made in another way: a place twice, places out of order, a
  /// blank id; and fixes out of order.
  @Test(arguments: [
    (
      twoPlaces.replacingOccurrences(of: #""id":"b""#, with: #""id":"a""#),
      #""places[1].id" an id not already in this answer, not "a" again"#
    ),
    (
      twoPlaces.replacingOccurrences(of: #""distance_m":20"#, with: #""distance_m":5"#),
      #""places[1].distance_m" between 10 and 500, not 5"#
    ),
    (
      twoPlaces.replacingOccurrences(of: #""id":"b""#, with: #""id":"  ""#),
      #""places[1].id" as text that is not empty"#
    ),
    (fix, #""index" after the fix before it (0), not 0"#),
  ])
  func anAnswerOrFixOutOfOrderIsRefused(line: String, expected: String) throws {
    try Self.expectRefusedAtLineThree(line, expected)
  }

  /// Replays the header, a fix and `line`, which must be refused with `expected`.
  static func expectRefusedAtLineThree(_ line: String, _ expected: String) throws {
    let error = try Self.error(replaying: [Self.header, Self.fix, line])

    #expect(error.line == 3)
    #expect(error.expected == expected)
  }

  @Test func anEmptyAttributionInTheHeaderIsRefused() throws {
    let header = Self.header.replacingOccurrences(
      of: #""forage_recording":1"#,
      with: #""forage_recording":2,"attribution":"""#
    )
    let error = try Self.error(replaying: [header, Self.fix])

    #expect(error.line == 1)
    #expect(error.expected == #""attribution" as text that is not empty"#)
  }

  @Test(arguments: [
    ("not a recording", #"a forage recording header, {"forage_recording":2,…}"#),
    ("", #"a forage recording header, {"forage_recording":2,…}"#),
    (#"{"event":"summary"}"#, #"a forage recording header, {"forage_recording":2,…}"#),
    (
      #"{"forage_recording":3}"#,
      #""forage_recording" as 1 to 2 (the versions this forage reads), not 3"#
    ),
    (
      header.replacingOccurrences(of: "0.05", with: "0"),
      #""filter.reduced_accuracy_grid_deg" above 0 and at most 90, not 0"#
    ),
    (
      header.replacingOccurrences(of: #""distance_filter_m":0"#, with: #""distance_filter_m":-1"#),
      #""filter.distance_filter_m" 0 or more, not -1"#
    ),
    (
      header.replacingOccurrences(of: #""changes_only":false,"#, with: ""),
      #"a member "changes_only""#
    ),
  ])
  func aBadHeaderIsRefusedAtLineOne(header: String, expected: String) throws {
    let error = try Self.error(replaying: [header, Self.fix])

    #expect(error.line == 1)
    #expect(error.expected == expected)
  }
}
