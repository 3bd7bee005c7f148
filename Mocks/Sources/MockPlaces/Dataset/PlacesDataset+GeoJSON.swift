import ForageSupport
import Foundation

extension PlacesDataset {
  /// Parses a GeoJSON FeatureCollection of Point features.
  ///
  /// Properties read: `place_id` or `id` (else the feature's `id`), `name`, `types` or OSM
  /// `amenity`/`shop`, `rating`, `user_ratings_total`, `price_level`, `business_status`,
  /// `opening_hours` (`{"open_now": …}` or the OSM string `24/7`), `open_now`, `vicinity` or
  /// `addr:street`/`addr:housenumber`/`addr:city`, and `cuisine`/`diet:*` as keyword terms.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - source: The file name used in messages.
  /// - Throws: ``DatasetError`` (`.malformed`) naming the line and column of bad JSON, or what
  ///   was expected instead of a FeatureCollection.
  public init(geoJSON data: Data, source: String) throws(DatasetError) {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw DatasetError(.malformed, "\(source): \(Self.describeJSONError(error, in: data))")
    }
    guard let object = root as? [String: Any], object["type"] as? String == "FeatureCollection"
    else {
      throw DatasetError(
        .malformed,
        "\(source): expected a GeoJSON object with \"type\": \"FeatureCollection\""
      )
    }
    guard let features = object["features"] as? [Any] else {
      throw DatasetError(.malformed, "\(source): expected a \"features\" array")
    }
    var places: [DatasetPlace] = []
    var warnings: [String] = []
    for (index, feature) in features.enumerated() {
      switch Self.place(fromFeature: feature) {
      case .success(let place): places.append(place)
      case .failure(let reason): warnings.append("\(source): feature \(index): \(reason); skipped")
      }
    }
    self.init(places: places)
    self.warnings = warnings + self.warnings.map { "\(source): \($0)" }
  }

  /// Why one feature could not become a place.
  private struct SkipReason: Error, CustomStringConvertible {
    var description: String
  }

  private static func place(fromFeature feature: Any) -> Result<DatasetPlace, SkipReason> {
    guard let feature = feature as? [String: Any] else {
      return .failure(SkipReason(description: "not a JSON object"))
    }
    let properties = feature["properties"] as? [String: Any] ?? [:]
    let label =
      (text(properties["place_id"]) ?? text(properties["id"]) ?? text(feature["id"]))
      .map { " (\($0))" } ?? ""
    guard let geometry = feature["geometry"] as? [String: Any],
      geometry["type"] as? String == "Point",
      let coordinates = geometry["coordinates"] as? [Any], coordinates.count >= 2,
      let longitude = number(coordinates[0]), let latitude = number(coordinates[1]),
      (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude)
    else {
      return .failure(
        SkipReason(description: "no usable Point geometry\(label): expected [longitude, latitude]")
      )
    }
    guard let name = text(properties["name"]), !name.isEmpty else {
      return .failure(SkipReason(description: "no \"name\"\(label)"))
    }
    let id =
      text(properties["place_id"]) ?? text(properties["id"]) ?? text(feature["id"])
      ?? "place-" + String(StableHash.fnv1a("\(latitude),\(longitude),\(name)"), radix: 16)
    return .success(
      DatasetPlace(
        id: id,
        name: name,
        latitude: latitude,
        longitude: longitude,
        types: types(properties),
        rating: number(properties["rating"]).flatMap { (0.0...5.0).contains($0) ? $0 : nil },
        userRatingsTotal: number(properties["user_ratings_total"]).flatMap {
          $0 >= 0 && $0 < 1e9 ? Int($0) : nil
        },
        priceLevel: priceLevel(properties["price_level"]),
        businessStatus: businessStatus(properties["business_status"]),
        openNow: openNow(properties),
        vicinity: text(properties["vicinity"]) ?? vicinity(properties),
        keywords: keywords(properties)
      )
    )
  }

  private static func types(_ properties: [String: Any]) -> [String] {
    if let list = properties["types"] as? [Any] {
      let types = list.compactMap { text($0) }.filter { !$0.isEmpty }
      if !types.isEmpty { return types }
    }
    if let joined = text(properties["types"]) {
      let types = joined.split(whereSeparator: { ",;|".contains($0) })
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      if !types.isEmpty { return types }
    }
    return OSMPlaceTypes.types(amenity: text(properties["amenity"]), shop: text(properties["shop"]))
      ?? OSMPlaceTypes.establishment
  }

  private static func priceLevel(_ value: Any?) -> Int? {
    if let level = number(value), (0...4).contains(Int(level)), level == level.rounded() {
      return Int(level)
    }
    let named = [
      "PRICE_LEVEL_FREE", "PRICE_LEVEL_INEXPENSIVE", "PRICE_LEVEL_MODERATE",
      "PRICE_LEVEL_EXPENSIVE", "PRICE_LEVEL_VERY_EXPENSIVE",
    ]
    return text(value).flatMap { named.firstIndex(of: $0) }
  }

  private static func businessStatus(_ value: Any?) -> String {
    let known = ["OPERATIONAL", "CLOSED_TEMPORARILY", "CLOSED_PERMANENTLY"]
    guard let status = text(value)?.uppercased(), known.contains(status) else {
      return "OPERATIONAL"
    }
    return status
  }

  private static func openNow(_ properties: [String: Any]) -> Bool? {
    if let flag = properties["open_now"] as? Bool { return flag }
    if let hours = properties["opening_hours"] as? [String: Any] {
      return hours["open_now"] as? Bool
    }
    if let hours = text(properties["opening_hours"]),
      hours.trimmingCharacters(in: .whitespaces) == "24/7"
    {
      return true
    }
    return nil
  }

  private static func vicinity(_ properties: [String: Any]) -> String? {
    guard let street = text(properties["addr:street"]), !street.isEmpty else { return nil }
    var address = street
    if let number = text(properties["addr:housenumber"]), !number.isEmpty {
      address += " " + number
    }
    if let city = text(properties["addr:city"]), !city.isEmpty {
      address += ", " + city
    }
    return address
  }

  private static func keywords(_ properties: [String: Any]) -> [String] {
    var words: [String] = []
    if let cuisine = text(properties["cuisine"]) {
      words += cuisine.split(separator: ";").map {
        $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: " ")
          .lowercased()
      }
    }
    for diet in ["vegetarian", "vegan", "gluten_free", "halal", "kosher"]
    where ["yes", "only"].contains(text(properties["diet:\(diet)"]) ?? "") {
      words.append(diet.replacingOccurrences(of: "_", with: " "))
    }
    return words.filter { !$0.isEmpty }
  }

  /// A string, or a number written as a string; `nil` for anything else.
  private static func text(_ value: Any?) -> String? {
    switch value {
    case let string as String: string
    case let number as NSNumber where !isBoolean(number): number.stringValue
    default: nil
    }
  }

  /// JSON `true`/`false` arrive as a distinct NSNumber subclass; numbers do not count as them.
  private static func isBoolean(_ number: NSNumber) -> Bool {
    type(of: number) == type(of: NSNumber(value: true))
  }

  /// A finite number, or a string holding one; `nil` for anything else (booleans included).
  private static func number(_ value: Any?) -> Double? {
    let number: Double? =
      switch value {
      case let number as NSNumber: isBoolean(number) ? nil : number.doubleValue
      case let string as String: Double(string.trimmingCharacters(in: .whitespaces))
      default: nil
      }
    return number.flatMap { $0.isFinite ? $0 : nil }
  }

  /// Turns JSONSerialization's "around character N" into a line and column.
  private static func describeJSONError(_ error: any Error, in data: Data) -> String {
    if data.isEmpty { return "line 1, column 1: expected JSON, found an empty file" }
    let debug = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
    let offset: Int
    if let range = debug.range(of: "character "),
      let position = Int(debug[range.upperBound...].prefix { $0.isNumber })
    {
      offset = position
    } else if debug.lowercased().contains("end of file") {
      offset = data.count
    } else {
      return "not valid JSON: \(debug.isEmpty ? "\(error)" : debug)"
    }
    let position = TextPosition(ofByteOffset: offset, in: data)
    var reason = (debug.components(separatedBy: " around").first ?? "invalid JSON")
      .trimmingCharacters(in: .whitespaces)
    while reason.hasSuffix(".") { reason.removeLast() }
    reason = reason.prefix(1).lowercased() + reason.dropFirst()
    return "line \(position.line), column \(position.column): not valid JSON (\(reason))"
  }
}
