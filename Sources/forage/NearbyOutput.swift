import ForageGeo
import Foundation

/// The output formats of `forage nearby`.
enum NearbyFormat: String {
  /// One JSON object per line.
  case ndjson
  /// One JSON object: `{"count": N, "places": [...]}`.
  case json
  /// Aligned columns for people.
  case table
  /// A GeoJSON FeatureCollection of Points with `distance_m` in their properties.
  case geojson
}

/// Renders `forage nearby` results; the same input always gives the same bytes.
enum NearbyOutput {
  /// The whole output for a result.
  static func render(_ result: NearbyResult, as format: NearbyFormat) -> String {
    let neighbors = result.neighbors
    switch format {
    case .ndjson:
      return neighbors.map { object($0) + "\n" }.joined()
    case .json:
      return "{\"count\":\(neighbors.count),\"places\":["
        + neighbors.map(object).joined(separator: ",")
        + "]}\n"
    case .geojson:
      let features = neighbors.map(feature).joined(separator: ",\n")
      return "{\"type\":\"FeatureCollection\",\"features\":[\n" + features + "\n]}\n"
    case .table:
      return table(neighbors)
    }
  }

  /// A place as a flat JSON object.
  static func object(_ neighbor: Neighbor<PlaceRecord>) -> String {
    let place = neighbor.item
    var fields = ["\"id\":\(quoted(place.id))"]
    fields.append("\"name\":\(place.name.map(quoted) ?? "null")")
    fields.append("\"lat\":\(place.coordinate.latitude)")
    fields.append("\"lon\":\(place.coordinate.longitude)")
    fields.append("\"distance_m\":\(metres(neighbor.distance))")
    fields.append("\"types\":[\(place.types.map(quoted).joined(separator: ","))]")
    if let rating = place.rating { fields.append("\"rating\":\(rating)") }
    return "{" + fields.joined(separator: ",") + "}"
  }

  private static func feature(_ neighbor: Neighbor<PlaceRecord>) -> String {
    let place = neighbor.item
    var properties = [
      "\"id\":\(quoted(place.id))", "\"name\":\(place.name.map(quoted) ?? "null")",
      "\"distance_m\":\(metres(neighbor.distance))",
      "\"types\":[\(place.types.map(quoted).joined(separator: ","))]",
    ]
    if let rating = place.rating { properties.append("\"rating\":\(rating)") }
    for key in place.properties.keys.sorted() {
      properties.append("\(quoted(key)):\(quoted(place.properties[key]!))")
    }
    return "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":["
      + "\(place.coordinate.longitude),\(place.coordinate.latitude)]},\"properties\":{"
      + properties.joined(separator: ",") + "}}"
  }

  private static func table(_ neighbors: [Neighbor<PlaceRecord>]) -> String {
    let rows =
      [["distance_m", "id", "type", "name"]]
      + neighbors.map {
        [metres($0.distance), $0.item.id, $0.item.types.first ?? "", $0.item.name ?? ""]
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

  /// A JSON string literal.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
