import ForageFinder
import ForagePlaceModel
import Foundation

/// The event text as `forage` wrote it before issue 12: a `JSONValue` tree per event, serialized
/// into a Swift `String`. A frozen copy of that code, kept as the reference the byte writer
/// (``FinderEvent/write(to:)``) must match byte for byte; not used by Forage itself.
enum LegacyEventText {
  /// The JSON tree of before (ForageSupport's `JSONValue` then; that module is not a product).
  indirect enum Value {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([Value], line: Int? = nil)
    case object([(String, Value)], line: Int? = nil)
  }

  /// The NDJSON line of an event, newline included.
  static func line(_ event: FinderEvent) -> String {
    var output = ""
    write(tree(event), to: &output)
    return output + "\n"
  }

  /// The event's tree, as `FinderEvent.json` built it.
  static func tree(_ event: FinderEvent) -> Value {
    var members: [(String, Value)] = [
      ("event", .string(event.name)),
      ("seq", .int(event.seq)),
      ("time", .string(time(event.time))),
    ]
    switch event.payload {
    case .permission(let status, let accuracy):
      members += [("status", .string(status)), ("accuracy", .string(accuracy))]
    case .location(let fixIndex, let latitude, let longitude, let accuracy):
      members += [
        ("fix_index", .int(fixIndex)), ("lat", .double(latitude)), ("lon", .double(longitude)),
      ]
      if let accuracy { members.append(("accuracy_m", rounded(accuracy, places: 2))) }
    case .places(let fixIndex, let latitude, let longitude, let radius, let source, let places):
      members += [
        ("fix_index", .int(fixIndex)),
        ("at", .object([("lat", .double(latitude)), ("lon", .double(longitude))])),
        ("radius_m", .double(radius)),
        ("source", .string(source.rawValue)),
        ("places", .array(places.map(tree))),
      ]
    case .dropped(let fixIndex, let reason, _, _):
      members += [("fix_index", .int(fixIndex)), ("reason", .string(reason))]
    case .lost(let fixIndex):
      members += [("fix_index", .int(fixIndex)), ("reason", .string("signal_lost"))]
    case .error(let kind, let message, let isRetrying):
      members += [
        ("kind", .string(kind)), ("message", .string(message)), ("retrying", .bool(isRetrying)),
      ]
    case .summary(let summary):
      members += [
        ("fixes", .int(summary.fixes)),
        ("fixes_used", .int(summary.fixesUsed)),
        ("fixes_dropped", .int(summary.fixesDropped)),
        ("fixes_lost", .int(summary.fixesLost)),
        ("places_events", .int(summary.placesEvents)),
        ("requests", .int(summary.requests)),
        ("answers", .int(summary.answers)),
        ("cache_answers", .int(summary.cacheAnswers)),
        ("errors", .int(summary.errors)),
      ]
      if let storedAnswers = summary.storedAnswers {
        members.append(("stored_answers", .int(storedAnswers)))
      }
      if let notifications = summary.notifications {
        members += [
          ("notifications_sent", .int(notifications.sent)),
          ("notifications_dropped", .int(notifications.dropped)),
        ]
      }
    }
    return .object(members)
  }

  /// A place's tree, as `PlaceResult.json` built it (`NearbyPlace` now).
  static func tree(_ nearby: NearbyPlace) -> Value {
    let place = nearby.place
    var members: [(String, Value)] = [
      ("id", .string(place.id)),
      ("name", .string(place.name ?? "")),
      ("lat", .double(place.latitude)),
      ("lon", .double(place.longitude)),
      ("distance_m", rounded(nearby.distance, places: 3)),
    ]
    if let rating = place.rating { members.append(("rating", .double(rating))) }
    if !place.types.isEmpty { members.append(("types", .array(place.types.map(Value.string)))) }
    if let vicinity = place.vicinity { members.append(("vicinity", .string(vicinity))) }
    if let openNow = place.openNow { members.append(("open_now", .bool(openNow))) }
    return .object(members)
  }

  static func rounded(_ value: Double, places: Int) -> Value {
    let scale = pow(10, Double(places))
    return .double((value * scale).rounded() / scale)
  }

  /// `ISO8601.format` as it was.
  static func time(_ date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.toNearestOrEven))
    let seconds = Int64((Double(milliseconds) / 1000).rounded(.down))
    let fraction = Int(milliseconds - seconds * 1000)
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    var text =
      "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))"
      + "T\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2))"
    if fraction != 0 { text += "." + pad(fraction, 3) }
    return text + "Z"
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// `JSONValue.write(to:)` as it was.
  static func write(_ value: Value, to output: inout String) {
    switch value {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .double(let value): output += format(value)
    case .string(let value): writeString(value, to: &output)
    case .array(let values, _):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        write(value, to: &output)
      }
      output += "]"
    case .object(let members, _):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        writeString(member.0, to: &output)
        output += ":"
        write(member.1, to: &output)
      }
      output += "}"
    }
  }

  /// `JSONValue.format(_:)` as it was.
  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  /// `JSONValue.writeString(_:to:)` as it was.
  static func writeString(_ value: String, to output: inout String) {
    output += "\""
    if !value.utf8.contains(where: {
      $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
    }) {
      output += value
      output += "\""
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case let c where c.value < 0x20:
        output +=
          "\\u" + String(repeating: "0", count: 4 - String(c.value, radix: 16).count)
          + String(c.value, radix: 16)
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
