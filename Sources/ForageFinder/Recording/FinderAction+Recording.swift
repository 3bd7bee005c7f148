import ForageLocation
import ForageTracks
import Foundation

extension FinderAction {
  /// The action as one JSON object, for `--record` files. Times are seconds since 1970 so that
  /// they read back bit for bit; there is nothing secret in an action.
  public var recorded: JSONValue {
    switch self {
    case .location(let action, let at):
      var members: [(String, JSONValue)] = [
        ("action", .string("location")), ("at", .double(at.timeIntervalSince1970)),
      ]
      members += action.recordedMembers
      return .object(members)
    case .placesAnswered(let answer):
      return .object([
        ("action", .string("places_answered")),
        ("fix_index", .int(answer.fixIndex)),
        ("lat", .double(answer.latitude)),
        ("lon", .double(answer.longitude)),
        ("radius_m", .double(answer.radius)),
        ("source", .string(answer.source.rawValue)),
        ("places", .array(answer.places.map(\.recorded))),
      ])
    case .placesFailed(let failure):
      return .object([
        ("action", .string("places_failed")),
        ("fix_index", .int(failure.fixIndex)),
        ("kind", .string(failure.kind)),
        ("message", .string(failure.message)),
        ("retrying", .bool(failure.isRetrying)),
        ("fatal", .bool(failure.isFatal)),
      ])
    case .notificationsSettled(let tally):
      return .object([
        ("action", .string("notifications_settled")), ("sent", .int(tally.sent)),
        ("dropped", .int(tally.dropped)),
      ])
    case .runFinished(let at, let requests):
      return .object([
        ("action", .string("run_finished")), ("at", .double(at.timeIntervalSince1970)),
        ("requests", .int(requests)),
      ])
    }
  }

  /// Reads an action back from its recorded object.
  ///
  /// - Throws: A message saying what was expected, which the caller places at a file and line.
  public init(recorded object: [String: Any]) throws(RecordedValueError) {
    let fields = RecordedFields(object)
    switch try fields.string("action") {
    case "location":
      self = .location(try LocationAction(recorded: fields), at: try fields.date("at"))
    case "places_answered":
      guard let list = object["places"] as? [[String: Any]] else {
        throw RecordedValueError("\"places\" as an array of objects")
      }
      self = .placesAnswered(
        PlacesAnswer(
          fixIndex: try fields.int("fix_index"),
          latitude: try fields.double("lat"),
          longitude: try fields.double("lon"),
          radius: try fields.double("radius_m"),
          source: try fields.enumeration("source"),
          places: try list.map { item throws(RecordedValueError) in
            try PlaceResult(recorded: RecordedFields(item))
          }
        )
      )
    case "places_failed":
      self = .placesFailed(
        PlacesFailure(
          fixIndex: try fields.int("fix_index"),
          kind: try fields.string("kind"),
          message: try fields.string("message"),
          isRetrying: try fields.bool("retrying"),
          isFatal: try fields.bool("fatal")
        )
      )
    case "notifications_settled":
      self = .notificationsSettled(
        NotificationTally(sent: try fields.int("sent"), dropped: try fields.int("dropped"))
      )
    case "run_finished":
      self = .runFinished(at: try fields.date("at"), requests: try fields.int("requests"))
    case let other:
      throw RecordedValueError("a known \"action\", not \"\(other)\"")
    }
  }
}

extension LocationAction {
  var recordedMembers: [(String, JSONValue)] {
    switch self {
    case .authorizationRequested: return [("event", .string("authorization_requested"))]
    case .authorizationChanged(let status, let accuracy):
      return [
        ("event", .string("authorization_changed")), ("status", .string(status.rawValue)),
        ("accuracy", .string(accuracy.rawValue)),
      ]
    case .updatesStarted: return [("event", .string("updates_started"))]
    case .updatesStopped: return [("event", .string("updates_stopped"))]
    case .fixReceived(let index, let fix, let receivedAt):
      return [
        ("event", .string("fix_received")), ("index", .int(index)), ("fix", fix.recorded),
        ("received_at", .optional(receivedAt) { .double($0.timeIntervalSince1970) }),
      ]
    case .locationUnknown(let index):
      return [("event", .string("location_unknown")), ("index", .int(index))]
    }
  }

  init(recorded fields: RecordedFields) throws(RecordedValueError) {
    switch try fields.string("event") {
    case "authorization_requested": self = .authorizationRequested
    case "authorization_changed":
      self = .authorizationChanged(
        try fields.enumeration("status"),
        try fields.enumeration("accuracy")
      )
    case "updates_started": self = .updatesStarted
    case "updates_stopped": self = .updatesStopped
    case "fix_received":
      guard let fix = fields.object["fix"] as? [String: Any] else {
        throw RecordedValueError("\"fix\" as an object")
      }
      self = .fixReceived(
        index: try fields.int("index"),
        fix: try Fix(recorded: RecordedFields(fix)),
        receivedAt: try fields.optionalDate("received_at")
      )
    case "location_unknown": self = .locationUnknown(index: try fields.int("index"))
    case let other: throw RecordedValueError("a known location \"event\", not \"\(other)\"")
    }
  }
}

extension Fix {
  var recorded: JSONValue {
    .object([
      ("time", .optional(time) { .double($0.timeIntervalSince1970) }),
      ("lat", .double(latitude)),
      ("lon", .double(longitude)),
      ("ele", .optional(elevation, JSONValue.double)),
      ("accuracy", .optional(horizontalAccuracy, JSONValue.double)),
      ("speed", .optional(speed, JSONValue.double)),
      ("course", .optional(course, JSONValue.double)),
      ("hdop", .optional(hdop, JSONValue.double)),
      ("sat", .optional(satellites, JSONValue.int)),
      ("segment", .int(segment)),
      ("line", .optional(line, JSONValue.int)),
      ("kind", .string(kind.rawValue)),
    ])
  }

  init(recorded fields: RecordedFields) throws(RecordedValueError) {
    self.init(
      time: try fields.optionalDate("time"),
      latitude: try fields.double("lat"),
      longitude: try fields.double("lon"),
      elevation: try fields.optionalDouble("ele"),
      horizontalAccuracy: try fields.optionalDouble("accuracy"),
      speed: try fields.optionalDouble("speed"),
      course: try fields.optionalDouble("course"),
      hdop: try fields.optionalDouble("hdop"),
      satellites: try fields.optionalInt("sat"),
      segment: try fields.int("segment"),
      line: try fields.optionalInt("line"),
      kind: try fields.enumeration("kind")
    )
  }
}

extension PlaceResult {
  var recorded: JSONValue {
    .object([
      ("id", .string(id)), ("name", .string(name)), ("lat", .double(latitude)),
      ("lon", .double(longitude)),
      ("distance_m", .double(distance)), ("rating", .optional(rating, JSONValue.double)),
      ("types", .optional(types) { .array($0.map(JSONValue.string)) }),
      ("vicinity", .optional(vicinity, JSONValue.string)),
      ("open_now", .optional(isOpenNow, JSONValue.bool)),
    ])
  }

  init(recorded fields: RecordedFields) throws(RecordedValueError) {
    var types: [String]?
    if let list = fields.object["types"], !(list is NSNull) {
      guard let strings = list as? [String] else {
        throw RecordedValueError("\"types\" as an array of strings")
      }
      types = strings
    }
    self.init(
      id: try fields.string("id"),
      name: try fields.string("name"),
      latitude: try fields.double("lat"),
      longitude: try fields.double("lon"),
      distance: try fields.double("distance_m"),
      rating: try fields.optionalDouble("rating"),
      types: types,
      vicinity: try fields.optionalString("vicinity"),
      isOpenNow: try fields.optionalBool("open_now")
    )
  }
}
