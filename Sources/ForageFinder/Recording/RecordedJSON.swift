import Foundation

/// A recorded JSON value, decoded with `JSONDecoder` so numbers come back exactly as written.
///
/// Foundation's `JSONSerialization` on Linux can read a 17-digit number one unit in the last
/// place off (`24.943190675824884` becomes `24.94319067582488`), which would make a replay of a
/// run with noisy fixes differ from the run.
enum RecordedJSON: Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([RecordedJSON])
  case object([String: RecordedJSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([RecordedJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: RecordedJSON].self))
    }
  }

  /// Reads one line of a recording as a JSON object, or `nil` when it is not one.
  static func object(from line: Data) -> [String: Any]? {
    guard case .object(let members)? = try? JSONDecoder().decode(RecordedJSON.self, from: line)
    else { return nil }
    return members.mapValues(\.foundationValue)
  }

  /// The value as `JSONSerialization` would give it: `NSNull`, `Bool`, `NSNumber`, `String`,
  /// arrays and dictionaries.
  var foundationValue: Any {
    switch self {
    case .null: NSNull()
    case .bool(let value): value
    case .number(let value): NSNumber(value: value)
    case .string(let value): value
    case .array(let values): values.map(\.foundationValue)
    case .object(let members): members.mapValues(\.foundationValue)
    }
  }
}
