import ForagePlace
import ForagePlacesData
import ForageSpatialIndex
import ForageSupport
import ForageWriters
import Foundation

extension NearbyResult {
  /// The whole output in a format; the same result always gives the same bytes.
  ///
  /// `ndjson`: one place a line; `json`: `{"count": N, "places": [...]}`; `geojson`: a
  /// FeatureCollection of Points with `distance_m` and the dataset's properties; `table`: aligned
  /// columns for people. Each place has the keys and number style of `forage run`'s places.
  public func rendered(as format: OutputFormat) -> String {
    switch format {
    case .ndjson:
      return places.map { Self.object($0) + "\n" }.joined()
    case .json:
      return "{\"count\":\(places.count),\"places\":["
        + places.map(Self.object).joined(separator: ",")
        + "]}\n"
    case .geojson:
      let features = places.map(Self.feature).joined(separator: ",\n")
      return "{\"type\":\"FeatureCollection\",\"features\":[\n" + features + "\n]}\n"
    case .table, .html:
      // A request never asks for html (``NearbyRequest`` refuses it): a table is the fallback.
      return Self.table(places)
    }
  }

  /// A place as a flat JSON object, with the keys and number style of `forage run`'s places.
  static func object(_ nearby: NearbyPlace) -> String {
    let place = nearby.place
    var members: [(String, JSONValue)] = [
      ("id", .string(place.id)),
      ("name", .optional(place.name, JSONValue.string)),
      ("lat", .double(place.coordinate.latitude)),
      ("lon", .double(place.coordinate.longitude)),
      ("distance_m", .rounded(nearby.distance, places: 3)),
    ]
    if let rating = place.rating { members.append(("rating", .double(rating))) }
    members.append(("types", .array(place.types.map(JSONValue.string))))
    return JSONValue.object(members).serialized
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
    for key in place.properties.keys.sorted() {
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
      [["distance_m", "id", "type", "name"]]
      + places.map {
        [metres($0.distance), $0.place.id, $0.place.types.first ?? "", $0.place.displayName]
          .map { TerminalText.escaped($0, keepingTabs: false) }
      }
    let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      let distance = String(repeating: " ", count: widths[0] - row[0].count) + row[0]
      let id = row[1] + String(repeating: " ", count: widths[1] - row[1].count)
      let type = row[2] + String(repeating: " ", count: widths[2] - row[2].count)
      return "\(distance)  \(id)  \(type)  \(row[3])\n"
    }.joined()
  }

  /// Metres with millimetre resolution, such as `123.456`.
  static func metres(_ value: Double) -> String {
    String(format: "%.3f", value)
  }
}
