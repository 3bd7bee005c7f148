import ForageHTTP
import Foundation

extension OverpassProvider {
  /// How much farther than asked a search reaches: Overpass measures `around` on a sphere, which
  /// differs from the WGS84 geodesic by up to about 0.5 %, so the query's radius is 1 % and 1 m
  /// (coordinates are sent to 1e-7°, about 1 cm) larger, and every place within the asked
  /// radius by the geodesic is in the answer.
  static let radiusPadding = (factor: 1.01, metres: 1.0)

  /// The `POST` request for a search: the QL from ``query(for:)`` in the form field `data`.
  ///
  /// - Parameter search: The search, already validated.
  /// - Returns: The request.
  /// - Throws: ``PlacesError/invalidSearch(_:)`` when the search cannot be put to Overpass.
  public func makeRequest(for search: NearbySearch) throws(PlacesError) -> HTTPRequest {
    let body = QueryString.query([("data", try Self.query(for: search))])
    return HTTPRequest(
      method: "POST",
      url: configuration.url(path: Self.path),
      headers: [
        ("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json"),
      ],
      body: Data(body.utf8),
      timeout: configuration.timeout
    )
  }

  /// The Overpass QL for a search, such as
  /// `[out:json][timeout:25];nwr["amenity"="restaurant"](around:506,60.1699000,24.9384000);out center;`.
  ///
  /// `out center` prints at the default verbosity, `body`, which is documented to include node
  /// coordinates (`tags` verbosity leaves them out), and adds a centre to ways and relations.
  /// A keyword becomes a case-insensitive name match, `["name"~"…",i]`, matched literally: its
  /// regular-expression characters are escaped, then the whole is escaped as a QL string.
  ///
  /// - Parameter search: The search, already validated.
  /// - Returns: The query.
  /// - Throws: ``PlacesError/invalidSearch(_:)`` for a type without an OSM tag, a search ranked
  ///   by distance (Overpass needs a radius), a control character in the keyword, or an
  ///   open-now or price filter.
  public static func query(for search: NearbySearch) throws(PlacesError) -> String {
    guard case .prominence(let radius) = search.ranking else {
      throw .invalidSearch("Overpass searches within a radius; ranking by distance has none")
    }
    guard let type = search.type, !type.isEmpty else {
      throw .invalidSearch("Overpass needs a type: \(supportedTypeList)")
    }
    guard let tag = supportedTypes[type] else {
      throw .invalidSearch("Overpass has no type '\(type)'; expected \(supportedTypeList)")
    }
    guard !search.openNow, search.minPrice == nil, search.maxPrice == nil else {
      throw .invalidSearch("Overpass has no open-now or price filter")
    }
    var filters = "[\(literal(tag.key))=\(literal(tag.value))]"
    if let keyword = search.keyword, !keyword.isEmpty {
      guard !keyword.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
      else {
        throw .invalidSearch("the keyword has a control character")
      }
      filters += "[\"name\"~\(literal(regexLiteral(keyword))),i]"
    }
    let reach = Int((radius * radiusPadding.factor + radiusPadding.metres).rounded(.up))
    let centre = String(
      format: "%.7f,%.7f",
      search.location.latitude,
      search.location.longitude
    )
    return "[out:json][timeout:\(queryTimeout)];nwr\(filters)(around:\(reach),\(centre));"
      + "out center;"
  }

  /// The supported types, for messages: `bar, cafe, fast_food, pub or restaurant`.
  public static var supportedTypeList: String {
    let names = supportedTypes.keys.sorted()
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }

  /// A POSIX extended regular expression matching `text` literally: each of `^.[$()|*+?{\`
  /// is preceded by a backslash (`]` and `}` are ordinary outside a bracket).
  static func regexLiteral(_ text: String) -> String {
    var escaped = ""
    for character in text.unicodeScalars {
      if "^.[$()|*+?{\\".unicodeScalars.contains(character) { escaped.unicodeScalars.append("\\") }
      escaped.unicodeScalars.append(character)
    }
    return escaped
  }

  /// A QL string literal: `text` in double quotes, with `"` and `\` escaped by a backslash.
  static func literal(_ text: String) -> String {
    var quoted = "\""
    for character in text.unicodeScalars {
      if character == "\"" || character == "\\" { quoted.unicodeScalars.append("\\") }
      quoted.unicodeScalars.append(character)
    }
    return quoted + "\""
  }
}
