import ForageGeodesy
import ForagePlaceModel
import ForageSupport
import Foundation

extension PlaceDataset {
  /// Parses dataset bytes by the rules in ``PlaceDataset``.
  ///
  /// - Parameters:
  ///   - data: The GeoJSON text.
  ///   - file: The name to use in messages.
  /// - Throws: ``PlaceDatasetError`` when the bytes are not a GeoJSON FeatureCollection or hold
  ///   no usable place.
  public static func parse(_ data: Data, file: String) throws(PlaceDatasetError) -> PlaceDataset {
    let root: JSONValue
    do {
      root = try JSONParser.parse(data)
    } catch {
      throw .malformed(
        file: file,
        line: error.line,
        column: error.column,
        expected: error.message.hasPrefix("expected ")
          ? String(error.message.dropFirst("expected ".count)) : "valid JSON (\(error.message))"
      )
    }
    guard root["type"]?.string == "FeatureCollection" else {
      throw .malformed(
        file: file,
        line: root.line,
        column: nil,
        expected: "a GeoJSON object with \"type\": \"FeatureCollection\""
      )
    }
    guard let features = root["features"]?.array else {
      throw .malformed(file: file, line: root.line, column: nil, expected: "a \"features\" array")
    }
    var places: [Place] = []
    var issues: [DatasetIssue] = []
    var firstLines: [String: Int?] = [:]
    places.reserveCapacity(features.count)
    for (index, feature) in features.enumerated() {
      let id = Self.id(of: feature, index: index)
      func issue(_ problem: DatasetIssue.Problem) -> DatasetIssue {
        DatasetIssue(file: file, line: feature.line, feature: index, id: id, problem: problem)
      }
      switch Self.place(from: feature, id: id ?? "feature-\(index)") {
      case .failure(let reason):
        issues.append(issue(.unusable(reason.description)))
      case .success(let place):
        if let firstLine = firstLines[place.id] {
          issues.append(issue(.duplicateID(firstLine: firstLine)))
          continue
        }
        firstLines[place.id] = feature.line
        if place.name == nil { issues.append(issue(.unnamed)) }
        places.append(place)
      }
    }
    guard !places.isEmpty else { throw .noPlaces(file: file, features: features.count) }
    var attribution: String?
    var problem: String?
    for key in ["attribution", "copyright"] {
      guard let value = root[key] else { continue }
      // Plain text as every API's notice is made (``AttributionNotice``): one notice reads the
      // same through nearby, the in-process mock and mock-places.
      let text = value.string.flatMap(AttributionNotice.normalised) ?? ""
      if !text.isEmpty {
        attribution = attribution ?? text
      } else if problem == nil {
        let what = value.string == nil ? value.kindDescription : "an empty string"
        problem =
          "\(file)\(value.line.map { ":\($0)" } ?? ""): the collection's \"\(key)\" is "
          + "\(what), not the text of a notice; ignored"
      }
    }
    return PlaceDataset(
      places: places,
      issues: issues,
      attribution: attribution,
      attributionProblem: attribution == nil ? problem : nil
    )
  }

  /// Why one feature is not a place.
  private struct Unusable: Error, CustomStringConvertible {
    var description: String
  }

  /// The feature's id by the dataset rules, or `nil` when it names none.
  private static func id(of feature: JSONValue, index: Int) -> String? {
    let properties = feature["properties"]
    // An empty id names nothing: such a feature is numbered like one without an id.
    return [properties?["place_id"], properties?["id"], feature["id"]].lazy.compactMap(text)
      .first { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
  }

  private static func place(from feature: JSONValue, id: String) -> Result<Place, Unusable> {
    guard feature.members != nil else {
      return .failure(Unusable(description: "not a JSON object but \(feature.kindDescription)"))
    }
    guard let geometry = feature["geometry"], geometry.members != nil else {
      return .failure(Unusable(description: "no geometry"))
    }
    guard geometry["type"]?.string == "Point" else {
      let kind = geometry["type"]?.string ?? "untyped"
      return .failure(Unusable(description: "geometry is \(kind), not Point"))
    }
    guard let position = geometry["coordinates"]?.array, position.count >= 2,
      let longitude = position[0].number, let latitude = position[1].number
    else {
      return .failure(
        Unusable(description: "Point coordinates are not [longitude, latitude] numbers")
      )
    }
    let coordinate: Coordinate
    do {
      coordinate = try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
      return .failure(Unusable(description: error.description))
    }
    let properties = feature["properties"] ?? .object([])
    return .success(
      Place(
        id: id,
        name: text(properties["name"]).flatMap { $0.isEmpty ? nil : $0 },
        coordinate: coordinate,
        rating: number(properties["rating"]).flatMap { (0.0...5.0).contains($0) ? $0 : nil },
        userRatingsTotal: number(properties["user_ratings_total"]).flatMap {
          $0 >= 0 && $0 < 1e9 && $0 == $0.rounded() ? Int($0) : nil
        },
        priceLevel: priceLevel(properties["price_level"]),
        types: types(properties),
        vicinity: text(properties["vicinity"]) ?? vicinity(properties),
        openNow: openNow(properties),
        businessStatus: businessStatus(properties["business_status"]),
        openingHours: openingHours(properties),
        keywords: keywords(properties),
        properties: tags(properties),
        provenance: .dataset
      )
    )
  }

  /// A feature's place types, as Google writes them (lowercase, no spaces around): its
  /// `types` (a list, or text split at `,`, `;` or `|`), else those of its `amenity` or `shop`
  /// (``OSMPlaceTypes/types(amenity:shop:)``), so that every command and every provider of
  /// the mock reads one file the same way.
  private static func types(_ properties: JSONValue) -> [String] {
    let written =
      properties["types"]?.array?.compactMap(\.string)
      ?? properties["types"]?.string?.split(whereSeparator: { ",;|".contains($0) }).map(String.init)
      ?? []
    let types = written.map(OSMPlaceTypes.written).filter { !$0.isEmpty }
    if !types.isEmpty { return types }
    return OSMPlaceTypes.types(amenity: text(properties["amenity"]), shop: text(properties["shop"]))
      ?? OSMPlaceTypes.establishment
  }

  private static func priceLevel(_ value: JSONValue?) -> Int? {
    if let level = number(value), (0...4).contains(level), level == level.rounded() {
      return Int(level)
    }
    let named = [
      "PRICE_LEVEL_FREE", "PRICE_LEVEL_INEXPENSIVE", "PRICE_LEVEL_MODERATE",
      "PRICE_LEVEL_EXPENSIVE", "PRICE_LEVEL_VERY_EXPENSIVE",
    ]
    return value?.string.flatMap { named.firstIndex(of: $0) }
  }

  private static func businessStatus(_ value: JSONValue?) -> BusinessStatus {
    let known: [BusinessStatus] = [.operational, .closedTemporarily, .closedPermanently]
    guard let status = value?.string.map({ BusinessStatus(rawValue: $0.uppercased()) }),
      known.contains(status)
    else { return .operational }
    return status
  }

  private static func openNow(_ properties: JSONValue) -> Bool? {
    if let flag = properties["open_now"]?.bool { return flag }
    if let hours = properties["opening_hours"], hours.members != nil {
      return hours["open_now"]?.bool
    }
    if let hours = properties["opening_hours"]?.string,
      hours.trimmingCharacters(in: .whitespaces) == "24/7"
    {
      return true
    }
    return nil
  }

  private static func vicinity(_ properties: JSONValue) -> String? {
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

  private static func keywords(_ properties: JSONValue) -> [String] {
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

  /// The scalar properties other than those with a field of their own, as text; `amenity` and
  /// `shop` as OpenStreetMap writes them (lowercase, no spaces around), as their types are read.
  /// `opening_hours` has a field of its own unless `regularOpeningHours` gave the hours
  /// (``openingHours(_:)``): then it is kept, for the mock's Overpass.
  private static func tags(_ properties: JSONValue) -> [String: String] {
    let ownFields =
      ["id", "name", "types", "rating"]
      + (hasRegularOpeningHours(properties) ? [] : ["opening_hours"])
    var tags: [String: String] = [:]
    for (key, value) in properties.members ?? [] where !ownFields.contains(key) {
      if let flag = value.bool {
        tags[key] = flag ? "true" : "false"
      } else if let text = text(value) {
        tags[key] = ["amenity", "shop"].contains(key) ? OSMPlaceTypes.written(text) : text
      }
    }
    return tags
  }

  /// Text, or a number as written (whole numbers exactly); `nil` for anything else, Booleans
  /// included.
  private static func text(_ value: JSONValue?) -> String? {
    switch value {
    case .string(let string): string
    case .int(let number): String(number)
    case .double(let number): JSONValue.format(number)
    default: nil
    }
  }

  /// A finite number, or text holding one; `nil` for anything else, Booleans included.
  private static func number(_ value: JSONValue?) -> Double? {
    let number = value?.number ?? value?.string.flatMap { NumberParsing.double($0) }
    return number.flatMap { $0.isFinite ? $0 : nil }
  }
}
