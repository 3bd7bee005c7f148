import ForageFinder
import ForageSupport
import Foundation

/// The file `forage run --record` writes and `forage replay` reads: NDJSON, a header line, then
/// one action a line, in the order the reducer received them.
///
/// ```
/// {"changes_only":false,"filter":{"distance_filter_m":0,"maximum_speed_mps":100,"reduced_accuracy_grid_deg":0.05,"reduced_accuracy_interval_s":900},"forage_recording":2}
/// {"accuracy":"full","action":"location","at":1781263800,"event":"authorization_changed","status":"authorized_when_in_use"}
/// ```
///
/// - The header (``RecordingHeader``) carries the format's version, `"forage_recording": 2`,
///   and the settings the reducer depends on. A reader refuses versions it does not know.
/// - Each action is a ``FinderAction`` object; its `Codable` conformance, and those of what it
///   carries (``ForageLocation/LocationAction``, ``ForageTracks/Fix``, ``PlacesAnswer``,
///   ``PlacesFailure``), define the members, with explicit coding keys.
/// - Members may come in any order; this writer sorts them so the same run records the same
///   bytes. An unknown value (an optional member) is absent, or `null` as older writers put it.
/// - Numbers are written as the shortest text that reads back to the same `Double`, and read
///   with `JSONDecoder`, which is exact. Times are seconds since 1970.
/// - Reading refuses impossible values (a latitude of 999, a negative index, a number that is
///   not one), naming the file, the line and the member.
///
/// Version 2 spells enumeration values in snake_case and a missing place name as `null`.
/// Version 1 recordings (camelCase values, `""` for a missing name; the oldest have `null`
/// members and the header's version first) are still read, and replay with today's spelling.
enum RecordingFormat {
  /// An encoder for recording lines: compact, keys sorted, slashes as they are.
  static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// One line of a recording: the value as JSON, and a newline.
  ///
  /// - Throws: `EncodingError` for a value JSON cannot hold (not a number, infinite).
  static func line(_ value: some Encodable, using encoder: JSONEncoder) throws -> String {
    String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }

  /// Reads a recording's header and its first `limit` actions (all when `nil`), into memory
  /// (for tests; a replay reads one action at a time, through ``RecordingReader``).
  ///
  /// - Throws: ``RecordingUnreadable`` when the file cannot be read, ``RecordingError`` at the
  ///   first line that is not what the format expects.
  static func read(
    _ path: String,
    limit: Int?
  ) throws -> (header: RecordingHeader, actions: [FinderAction]) {
    let reader = try RecordingReader(lines: InputLines(path: path))
    var actions: [FinderAction] = []
    while limit.map({ actions.count < $0 }) ?? true, let action = try reader.next() {
      actions.append(action)
    }
    return (reader.header, actions)
  }

  /// What the first line lacked: a header, unless it is one with a bad member.
  static func headerExpectation(_ error: DecodingError) -> String {
    let phrase = "a forage recording header, {\"forage_recording\":\(RecordingHeader.version),…}"
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty: return phrase
    case .typeMismatch(_, let context) where context.codingPath.isEmpty: return phrase
    default: return error.expectation
    }
  }
}
