import ForageCoverage
import ForageGeodesy
import ForageLocation
import ForageSupport
import Foundation

/// A finder action as one JSON object, a line of a recording, named by `"action"`:
///
/// | `action` | other members |
/// | --- | --- |
/// | `location` | `at` (seconds since 1970), and a ``ForageLocation/LocationAction``'s members (`event`, …) |
/// | `places_answered` | a ``PlacesAnswer``'s members (`fix_index`, `lat`, `lon`, `radius_m`, `source`, `places`) |
/// | `places_failed` | a ``PlacesFailure``'s members (`fix_index`, `kind`, `message`, `retrying`, `fatal`) |
/// | `notifications_settled` | `sent`, `dropped` (only in runs with notifications) |
/// | `coverage_settled` | `rings`: arrays of `[lat, lon]` pairs (only in runs whose output draws the searched area) |
/// | `run_finished` | `at` (seconds since 1970), `requests`, and `requests_by_sku` (an object of SKU names to counts) when a SKU is known |
///
/// Times are numbers so that they read back bit for bit. There is nothing secret in an action:
/// the API key is never part of one, and failure messages are redacted before they are made.
extension FinderAction: Codable {
  /// The members this type writes itself, stable across versions.
  enum CodingKeys: String, CodingKey {
    case action
    case at
    case requests
    case requestsBySKU = "requests_by_sku"
    case sent
    case dropped
    case rings
    case attribution
  }

  /// The `"action"` names, stable across versions.
  enum Name: String, CaseIterable {
    case location
    case placesAnswered = "places_answered"
    case placesFailed = "places_failed"
    case notificationsSettled = "notifications_settled"
    case coverageSettled = "coverage_settled"
    case attributionSettled = "attribution_settled"
    case runFinished = "run_finished"
    case runCutShort = "run_cut_short"
  }

  /// Reads an action, refusing unknown names and impossible values.
  ///
  /// - Throws: `DecodingError` naming the member and what was expected.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decodeCase(Name.self, forKey: .action) {
    case .location:
      self = .location(
        try LocationAction(from: decoder),
        at: Date(
          timeIntervalSince1970: try container.decode(
            Double.self,
            forKey: .at,
            in: Date.representableSeconds
          )
        )
      )
    case .placesAnswered: self = .placesAnswered(try PlacesAnswer(from: decoder))
    case .placesFailed: self = .placesFailed(try PlacesFailure(from: decoder))
    case .notificationsSettled:
      self = .notificationsSettled(
        NotificationTally(
          sent: try container.decode(Int.self, forKey: .sent, atLeast: 0),
          dropped: try container.decode(Int.self, forKey: .dropped, atLeast: 0)
        )
      )
    case .coverageSettled:
      let rings = try container.decode([[[Double]]].self, forKey: .rings)
      self = .coverageSettled(
        CoverageOutline(
          rings: try rings.map { ring in
            try ring.map { pair in
              guard pair.count == 2,
                let point = try? Coordinate(latitude: pair[0], longitude: pair[1])
              else {
                throw DecodingError.dataCorruptedError(
                  forKey: .rings,
                  in: container,
                  debugDescription: "as [latitude, longitude] pairs on the globe"
                )
              }
              return point
            }
          }
        )
      )
    case .attributionSettled:
      self = .attributionSettled(try container.decodeNonEmpty(String.self, forKey: .attribution))
    case .runFinished:
      self = .runFinished(
        at: Date(
          timeIntervalSince1970: try container.decode(
            Double.self,
            forKey: .at,
            in: Date.representableSeconds
          )
        ),
        requests: try container.decode(Int.self, forKey: .requests, atLeast: 0),
        requestsBySKU: try Self.decodeBill(container)
      )
    case .runCutShort:
      self = .runCutShort(
        at: Date(
          timeIntervalSince1970: try container.decode(
            Double.self,
            forKey: .at,
            in: Date.representableSeconds
          )
        )
      )
    }
  }

  /// Writes the action as one object.
  ///
  /// - Throws: `EncodingError` for a value JSON cannot hold (not a number, infinite).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .location(let action, let at):
      try container.encode(Name.location.rawValue, forKey: .action)
      try container.encode(at.timeIntervalSince1970, forKey: .at)
      try action.encode(to: encoder)
    case .placesAnswered(let answer):
      try container.encode(Name.placesAnswered.rawValue, forKey: .action)
      try answer.encode(to: encoder)
    case .placesFailed(let failure):
      try container.encode(Name.placesFailed.rawValue, forKey: .action)
      try failure.encode(to: encoder)
    case .notificationsSettled(let tally):
      try container.encode(Name.notificationsSettled.rawValue, forKey: .action)
      try container.encode(tally.sent, forKey: .sent)
      try container.encode(tally.dropped, forKey: .dropped)
    case .coverageSettled(let outline):
      try container.encode(Name.coverageSettled.rawValue, forKey: .action)
      try container.encode(
        outline.rings.map { ring in ring.map { [$0.latitude, $0.longitude] } },
        forKey: .rings
      )
    case .attributionSettled(let attribution):
      try container.encode(Name.attributionSettled.rawValue, forKey: .action)
      try container.encode(attribution, forKey: .attribution)
    case .runFinished(let at, let requests, let requestsBySKU):
      try container.encode(Name.runFinished.rawValue, forKey: .action)
      try container.encode(at.timeIntervalSince1970, forKey: .at)
      try container.encode(requests, forKey: .requests)
      if !requestsBySKU.isEmpty { try container.encode(requestsBySKU, forKey: .requestsBySKU) }
    case .runCutShort(let at):
      try container.encode(Name.runCutShort.rawValue, forKey: .action)
      try container.encode(at.timeIntervalSince1970, forKey: .at)
    }
  }

  /// Reads `requests_by_sku`: empty when absent (a recording made before it), each SKU named
  /// and each count 0 or more.
  private static func decodeBill(
    _ container: KeyedDecodingContainer<CodingKeys>
  ) throws -> [String: Int] {
    // Read as numbers first: `JSONDecoder` on Linux refuses the whole document when a number
    // does not fit an `Int`.
    guard let bill = try container.decodeIfPresent([String: Double].self, forKey: .requestsBySKU)
    else { return [:] }
    return try bill.mapValues { count in
      guard !bill.keys.contains(""), count >= 0, count <= 1e15, count.rounded() == count else {
        throw DecodingError.dataCorruptedError(
          forKey: .requestsBySKU,
          in: container,
          debugDescription: "as SKU names with whole counts of 0 or more"
        )
      }
      return Int(count)
    }
  }
}
