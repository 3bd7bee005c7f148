import ForagePlaceModel
import Foundation

/// One line of `forage run`'s NDJSON, decoded by the tests on their own terms (not with the
/// product's types), so a change in the wire format shows up here.
struct RunEvent: Decodable, Equatable {
  /// A position written as `{"lat":…,"lon":…}`.
  struct Position: Decodable, Equatable {
    var lat: Double
    var lon: Double
  }

  /// One place of a `places` event.
  struct Place: Decodable, Equatable {
    var id: String
    var name: String?
    var lat: Double
    var lon: Double
    var distance: Double
    var rating: Double?
    var types: [String]?

    enum CodingKeys: String, CodingKey {
      case id, name, lat, lon, rating, types
      case distance = "distance_m"
    }
  }

  var event: String
  var seq: Int
  var time: String
  var fixIndex: Int?
  var lat: Double?
  var lon: Double?
  var accuracy: Double?
  var at: Position?
  var radius: Double?
  var source: String?
  var places: [Place]?
  var status: String?
  var permissionAccuracy: String?
  var reason: String?
  var kind: String?
  var message: String?
  var retrying: Bool?
  var fixes: Int?
  var fixesUsed: Int?
  var fixesDropped: Int?
  var placesEvents: Int?
  var requests: Int?
  var cacheAnswers: Int?
  var errors: Int?

  enum CodingKeys: String, CodingKey {
    case event, seq, time, lat, lon, at, source, places, status, reason, kind, message, retrying
    case fixes, requests, errors
    case fixIndex = "fix_index"
    case accuracy = "accuracy_m"
    case permissionAccuracy = "accuracy"
    case radius = "radius_m"
    case fixesUsed = "fixes_used"
    case fixesDropped = "fixes_dropped"
    case placesEvents = "places_events"
    case cacheAnswers = "cache_answers"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    event = try container.decode(String.self, forKey: .event)
    seq = try container.decode(Int.self, forKey: .seq)
    time = try container.decode(String.self, forKey: .time)
    fixIndex = try container.decodeIfPresent(Int.self, forKey: .fixIndex)
    lat = try container.decodeIfPresent(Double.self, forKey: .lat)
    lon = try container.decodeIfPresent(Double.self, forKey: .lon)
    at = try container.decodeIfPresent(Position.self, forKey: .at)
    radius = try container.decodeIfPresent(Double.self, forKey: .radius)
    source = try container.decodeIfPresent(String.self, forKey: .source)
    places = try container.decodeIfPresent([Place].self, forKey: .places)
    status = try container.decodeIfPresent(String.self, forKey: .status)
    // `accuracy_m` is a number on `location`; `accuracy` a word on `permission`.
    accuracy = try container.decodeIfPresent(Double.self, forKey: .accuracy)
    permissionAccuracy = try container.decodeIfPresent(String.self, forKey: .permissionAccuracy)
    reason = try container.decodeIfPresent(String.self, forKey: .reason)
    kind = try container.decodeIfPresent(String.self, forKey: .kind)
    message = try container.decodeIfPresent(String.self, forKey: .message)
    retrying = try container.decodeIfPresent(Bool.self, forKey: .retrying)
    fixes = try container.decodeIfPresent(Int.self, forKey: .fixes)
    fixesUsed = try container.decodeIfPresent(Int.self, forKey: .fixesUsed)
    fixesDropped = try container.decodeIfPresent(Int.self, forKey: .fixesDropped)
    placesEvents = try container.decodeIfPresent(Int.self, forKey: .placesEvents)
    requests = try container.decodeIfPresent(Int.self, forKey: .requests)
    cacheAnswers = try container.decodeIfPresent(Int.self, forKey: .cacheAnswers)
    errors = try container.decodeIfPresent(Int.self, forKey: .errors)
  }
}

/// The events of one run, in order.
struct RunOutput {
  /// Every event.
  var events: [RunEvent]

  /// Decodes NDJSON, one event a line.
  ///
  /// - Throws: `DecodingError` naming the line when one is not an event.
  init(ndjson: String) throws {
    let decoder = JSONDecoder()
    events = try ndjson.split(separator: "\n").enumerated().map { number, line in
      do {
        return try decoder.decode(RunEvent.self, from: Data(line.utf8))
      } catch {
        throw RunOutputError(line: number + 1, reason: "\(error)")
      }
    }
  }

  /// The events with this name, in order.
  func named(_ name: String) -> [RunEvent] { events.filter { $0.event == name } }

  /// The last event, when it is the summary.
  var summary: RunEvent? { events.last.flatMap { $0.event == "summary" ? $0 : nil } }

  /// The fix indices of the `location` events, in order.
  var deliveredFixes: [Int] { named("location").compactMap(\.fixIndex) }

  /// The fix indices of the `places` events, in order.
  var answeredFixes: [Int] { named("places").compactMap(\.fixIndex) }

  /// The fixes whose search failed for good, read from final (non-retrying) error messages
  /// such as "places search for fix 12 failed: …".
  var failedFixes: [Int] {
    named("error").filter { $0.retrying == false }.compactMap { event in
      guard let message = event.message, let range = message.range(of: "for fix ") else {
        return nil
      }
      return Int(message[range.upperBound...].prefix { $0.isNumber })
    }
  }

  /// The answers, keyed by fix, places in order; for comparing runs.
  var answersByFix: [Int: [RunEvent.Place]] {
    var answers: [Int: [RunEvent.Place]] = [:]
    for event in named("places") {
      if let index = event.fixIndex { answers[index] = event.places ?? [] }
    }
    return answers
  }
}

/// A line of output that is not an event.
struct RunOutputError: Error, CustomStringConvertible {
  var line: Int
  var reason: String

  var description: String { "output line \(line) is not an event: \(reason)" }
}
