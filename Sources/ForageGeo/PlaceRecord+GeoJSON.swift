import Foundation

extension PlaceRecord {
  /// Reads one GeoJSON feature, or says why it has no usable point.
  static func parse(feature: Any, index: Int) -> Result<PlaceRecord, SkippedFeature> {
    func skip(_ reason: String) -> Result<PlaceRecord, SkippedFeature> {
      .failure(SkippedFeature(index: index, reason: reason))
    }
    guard let feature = feature as? [String: Any] else { return skip("not a JSON object") }
    guard let geometry = feature["geometry"] as? [String: Any] else {
      return skip("no geometry")
    }
    guard geometry["type"] as? String == "Point" else {
      return skip("geometry is \(geometry["type"] as? String ?? "untyped"), not Point")
    }
    guard let position = geometry["coordinates"] as? [Any], position.count >= 2,
      let longitude = Self.number(position[0]), let latitude = Self.number(position[1])
    else { return skip("Point coordinates are not [longitude, latitude] numbers") }
    let coordinate: Coordinate
    do {
      coordinate = try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
      return skip(error.description)
    }
    let properties = feature["properties"] as? [String: Any] ?? [:]
    let id =
      Self.text(properties["id"]) ?? Self.text(feature["id"]) ?? "feature-\(index)"
    var types = (properties["types"] as? [Any])?.compactMap { $0 as? String } ?? []
    if types.isEmpty, let amenity = properties["amenity"] as? String { types = [amenity] }
    var tags: [String: String] = [:]
    for (key, value) in properties where !["id", "name", "types", "rating"].contains(key) {
      if let text = Self.text(value) { tags[key] = text }
    }
    return .success(
      PlaceRecord(
        id: id,
        name: properties["name"] as? String,
        coordinate: coordinate,
        types: types,
        rating: Self.number(properties["rating"] as Any),
        properties: tags
      )
    )
  }

  /// A JSON number as a Double (not a Boolean, which Foundation also bridges to NSNumber).
  private static func number(_ value: Any) -> Double? {
    guard let number = value as? NSNumber, !number.isBoolean else { return nil }
    return number.doubleValue
  }

  /// A JSON scalar as text: strings as they are, numbers and Booleans spelled out.
  private static func text(_ value: Any?) -> String? {
    switch value {
    case let string as String: return string
    case let number as NSNumber:
      if number.isBoolean { return number.boolValue ? "true" : "false" }
      return number.stringValue
    default: return nil
    }
  }
}

extension NSNumber {
  /// Whether JSONSerialization made this number from `true` or `false`.
  fileprivate var isBoolean: Bool { String(cString: objCType) == "c" }
}
