import ForageGeodesy
import ForageHTTP
import ForagePlaceModel
import ForageSupport
import Foundation

extension OverpassProvider {
  /// Turns an HTTP response into places or a ``PlacesError``.
  ///
  /// An element that is not a usable place (no id, an unknown type, no position or one out of
  /// range) is skipped and the rest kept. A `remark` that reports an error (`runtime error: Query
  /// timed out …`) is ``PlacesError/runtimeError(_:)``: the answer is incomplete, never an empty
  /// one. An HTTP 400 page is the parser's complaint (``PlacesError/invalidRequest(message:)``);
  /// other HTTP errors are ``PlacesError/httpStatus(_:retryAfter:)``.
  ///
  /// - Parameters:
  ///   - response: The response.
  ///   - language: Prefer the `name:LANGUAGE` tag, when the element has one.
  /// - Returns: The places in the order received.
  /// - Throws: ``PlacesError``.
  func decodePlaces(
    _ response: HTTPResponse,
    language: String? = nil
  ) throws(PlacesError)
    -> [Place]
  {
    try decodeResults(response, language: language).places
  }

  /// Turns an HTTP response into a page of places, counting the elements that could not be
  /// used (no id, no position, an impossible coordinate), or a ``PlacesError``.
  func decodeResults(
    _ response: HTTPResponse,
    language: String? = nil
  ) throws(PlacesError)
    -> PlacesPage
  {
    guard (200..<300).contains(response.status) else {
      if response.status == 400, let complaint = Self.errorLine(inPage: response.body) {
        throw .invalidRequest(message: "Overpass could not run the query: \(complaint)")
      }
      throw .httpStatus(response.status, retryAfter: response.retryAfter(now: connection.date()))
    }
    guard let root = try? JSONParser.parse(response.body), root.members != nil else {
      throw GoogleNearbySearchProvider.failure(
        for: response,
        reason: "expected an Overpass JSON object",
        now: connection.date()
      )
    }
    if let remark = root["remark"]?.string, Self.isError(remark: remark) {
      throw .runtimeError(Self.clipped(remark))
    }
    guard let elements = root["elements"]?.array else {
      throw .malformedResponse("the Overpass JSON has no \"elements\" array")
    }
    let places = elements.compactMap { Self.place(from: $0, language: language) }
    return PlacesPage(
      places: places,
      skippedResults: elements.count - places.count,
      notices: (root["osm3s"]?["copyright"]?.string).flatMap(AttributionNotice.normalised)
        .map { [$0] } ?? []
    )
  }

  /// Whether a `remark` reports a failure (Overpass also remarks on harmless things).
  static func isError(remark: String) -> Bool {
    let text = remark.lowercased()
    return text.contains("error") || text.contains("timed out") || text.contains("out of memory")
  }

  /// The place an element describes, or `nil` when it is not a usable place.
  static func place(from element: JSONValue, language: String?) -> Place? {
    guard let type = element["type"]?.string, ["node", "way", "relation"].contains(type),
      let id = element["id"].flatMap(identifier)
    else { return nil }
    let position = type == "node" ? element : element["center"]
    guard let latitude = position?["lat"]?.number, let longitude = position?["lon"]?.number
    else { return nil }
    guard let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else {
      return nil
    }
    let tags = element["tags"]
    func tag(_ key: String) -> String? {
      tags?[key]?.string.flatMap { $0.isEmpty ? nil : $0 }
    }
    let localName = language.flatMap { $0.isEmpty ? nil : tag("name:\($0)") }
    let street = [tag("addr:street"), tag("addr:housenumber")].compactMap { $0 }
    return Place(
      id: "osm-\(type)-\(id)",
      name: localName ?? tag("name"),
      coordinate: coordinate,
      types: tag("amenity").map { [$0] } ?? [],
      vicinity: street.isEmpty
        ? nil
        : ([street.joined(separator: " ")] + [tag("addr:city")].compactMap { $0 })
          .joined(separator: ", "),
      openingHours: tag("opening_hours").map(PlaceHours.openStreetMap),
      provenance: .overpass
    )
  }

  /// An OSM id: a positive whole number (as JSON number or text).
  private static func identifier(_ value: JSONValue) -> String? {
    switch value {
    case .int(let number): return number > 0 ? String(number) : nil
    case .string(let text):
      return !text.isEmpty && text.count <= 20 && text.allSatisfy(\.isASCII)
        && text.allSatisfy(\.isNumber) ? text : nil
    default:
      guard let number = value.number, number > 0, number < 1e15, number == number.rounded()
      else { return nil }
      return String(Int64(number))
    }
  }

  /// The error line of an Overpass HTML error page, tags removed, such as
  /// `Error: line 1: parse error: ';' expected - ')' found.`; `nil` when the body has none.
  static func errorLine(inPage body: Data) -> String? {
    let page = String(decoding: body.prefix(65_536), as: UTF8.self)
    var text = ""
    var isInTag = false
    for character in page {
      if character == "<" {
        isInTag = true
        text.append(" ")
      } else if character == ">" {
        isInTag = false
      } else if !isInTag {
        text.append(character)
      }
    }
    let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard let start = words.range(of: "Error :") ?? words.range(of: "Error:") else { return nil }
    var line = words[start.upperBound...]
    // Only the first complaint: Overpass lists one paragraph per error.
    if let next = line.range(of: "Error :") { line = line[..<next.lowerBound] }
    let complaint = line.trimmingCharacters(in: .whitespaces)
    return complaint.isEmpty ? nil : clipped(complaint)
  }

  /// At most 300 characters of a server's text, on one line.
  static func clipped(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return line.count <= 300 ? line : String(line.prefix(300)) + "…"
  }
}
