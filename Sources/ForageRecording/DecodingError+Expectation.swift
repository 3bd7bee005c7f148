/// Turns a decoding error into the phrase a recording error prints after "expected".
extension DecodingError {
  /// What the line should have held, such as `"fix.lat" between -90 and 90, not 999`,
  /// `a member "places[2].id"` or `one JSON object per line`.
  var expectation: String {
    switch self {
    case .keyNotFound(let key, let context):
      return "a member \(Self.path(context.codingPath + [key]))"
    case .valueNotFound(let type, let context):
      return "\(Self.path(context.codingPath)) as \(Self.noun(for: type)), not null"
    case .typeMismatch(let type, let context):
      guard !context.codingPath.isEmpty else { return "one JSON object per line" }
      return "\(Self.path(context.codingPath)) as \(Self.noun(for: type))"
    case .dataCorrupted(let context):
      guard !context.codingPath.isEmpty else { return "one JSON object per line" }
      return "\(Self.path(context.codingPath)) \(context.debugDescription)"
    @unknown default:
      return "one forage recording line"
    }
  }

  /// A coding path as a quoted member path: `"places[2].lat"`.
  private static func path(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return "\"\(text)\""
  }

  /// The JSON kind of value a decoded type needs.
  private static func noun(for type: Any.Type) -> String {
    switch type {
    case is Bool.Type: return "true or false"
    case is String.Type: return "a string"
    case is Int.Type: return "a whole number"
    case is Double.Type: return "a number"
    default:
      let name = String(describing: type)
      if name.hasPrefix("Array<") { return "an array" }
      return "an object"
    }
  }
}
