import ForageFinder
import ForagePlaceModel
import ForageSupport
import Foundation

/// A list of places and their distances as one whole output, `forage nearby`'s, in the four
/// formats a list can take (``OutputFormat/ndjson``, `json`, `geojson`, `table`).
public struct PlaceList: Sendable, Equatable {
  /// The places, in the order they are written (nearest first for `forage nearby`).
  public var places: [NearbyPlace]
  /// The notice the data's licence asks for, which every format carries, or `nil`.
  public var attribution: String?

  /// Creates a list.
  public init(places: [NearbyPlace], attribution: String? = nil) {
    self.places = places
    self.attribution = attribution
  }

  /// The whole output in a format; the same list always gives the same bytes.
  ///
  /// Each place is the object of `forage run`'s `places` events (``ForageFinder/NearbyPlace``'s
  /// `json()`: the same keys, number style and `null` for a missing name). `ndjson`: one place a
  /// line; `json`: `{"count": N, "places": [...]}`; `geojson`: a FeatureCollection of Points
  /// with `distance_m`, `open_at_fix`, the dataset's `open_now` (a Boolean) and `opening_hours`
  /// (OpenStreetMap's text) when known, and the dataset's other properties (but those named like
  /// the feature's own members); `table`: aligned columns for people, whether open at `--time`
  /// last but one (`open`, `closed` or `?`). The
  /// dataset's attribution goes with the places in every format: an `attribution` member of each
  /// line, of the document and of the FeatureCollection, and the table's last line.
  public func rendered(as format: OutputFormat) -> String {
    switch format {
    case .ndjson:
      return places.map { Self.object($0, attribution: attribution).serialized + "\n" }.joined()
    case .json:
      var members: [(String, JSONValue)] = [
        ("count", .int(places.count)),
        ("places", .array(places.map { Self.object($0, attribution: nil) })),
      ]
      if let attribution { members.append(("attribution", .string(attribution))) }
      return JSONValue.object(members).serialized + "\n"
    case .geojson:
      let features = places.map(Self.feature).joined(separator: ",\n")
      let notice = attribution.map { ",\"attribution\":" + JSONValue.string($0).serialized } ?? ""
      return "{\"type\":\"FeatureCollection\"\(notice),\"features\":[\n" + features + "\n]}\n"
    case .table, .html:
      // `forage nearby` never asks for html (it refuses it): a table is the fallback.
      return Self.table(places)
        + (attribution.map { "places data: \(TerminalText.escaped($0, keepingTabs: false))\n" }
          ?? "")
    }
  }

  /// A place as `forage run` writes it, with the data's attribution when given.
  static func object(_ nearby: NearbyPlace, attribution: String?) -> JSONValue {
    guard let attribution, case .object(var members, _) = nearby.json() else {
      return nearby.json()
    }
    members.append(("attribution", .string(attribution)))
    return .object(members)
  }

  private static func feature(_ nearby: NearbyPlace) -> String {
    let place = nearby.place
    var properties: [(String, JSONValue)] = [
      ("id", .string(place.id)),
      ("name", .optional(place.name, JSONValue.string)),
      ("distance_m", .rounded(nearby.distance, places: 3)),
    ]
    if let rating = place.rating { properties.append(("rating", .double(rating))) }
    properties.append(("types", .array(place.types.map(JSONValue.string))))
    properties.append(("open_at_fix", .optional(nearby.openAtFix, JSONValue.bool)))
    if let openNow = place.openNow { properties.append(("open_now", .bool(openNow))) }
    if case .openStreetMap(let text) = place.openingHours {
      properties.append(("opening_hours", .string(text)))
    }
    // The dataset's own properties follow; one named like a member above (a `distance_m` of
    // its own, say) is left out, so that no key is written twice.
    let own = Set(properties.map(\.0))
    for key in place.properties.keys.sorted() where !own.contains(key) {
      properties.append((key, .string(place.properties[key] ?? "")))
    }
    let geometry: JSONValue = .object([
      ("type", .string("Point")),
      (
        "coordinates",
        .array([.double(place.coordinate.longitude), .double(place.coordinate.latitude)])
      ),
    ])
    return JSONValue.object([
      ("type", .string("Feature")), ("geometry", geometry), ("properties", .object(properties)),
    ]).serialized
  }

  private static func table(_ places: [NearbyPlace]) -> String {
    let rows =
      [["distance_m", "id", "type", "open", "name"]]
      + places.map {
        [
          metres($0.distance), $0.place.id, $0.place.types.first ?? "", openness($0.openAtFix),
          $0.place.displayName,
        ]
        .map { TerminalText.escaped($0, keepingTabs: false) }
      }
    let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      let distance = String(repeating: " ", count: widths[0] - row[0].count) + row[0]
      let id = row[1] + String(repeating: " ", count: widths[1] - row[1].count)
      let type = row[2] + String(repeating: " ", count: widths[2] - row[2].count)
      let open = row[3] + String(repeating: " ", count: widths[3] - row[3].count)
      return "\(distance)  \(id)  \(type)  \(open)  \(row[4])\n"
    }.joined()
  }

  /// Whether a place is open, for the table: `open`, `closed` or `?`.
  private static func openness(_ isOpen: Bool?) -> String {
    switch isOpen {
    case true?: "open"
    case false?: "closed"
    case nil: "?"
    }
  }

  /// Metres with millimetre resolution, such as `123.456`.
  static func metres(_ value: Double) -> String {
    String(format: "%.3f", value)
  }
}
