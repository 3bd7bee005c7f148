import ForageSupport
import Foundation

/// A GeoJSON track parser: `LineString` and `MultiLineString` features with times in
/// `properties.coordTimes` (mapbox togeojson) or `properties.coordinateProperties.times` (newer
/// togeojson), as ISO 8601 strings or epoch milliseconds, and `Point` features with a `time`.
///
/// Not streaming: the document is read and parsed whole (with ForageSupport's strict,
/// position-reporting ``JSONParser``), then its points are handed out one at a time. Memory grows
/// with the file.
struct GeoJSONParser: TrackParser {
  let source: ByteSource
  var counts = TrackFileCounts()
  private var items: [ParsedItem] = []
  private var index = 0
  private var segment = -1
  private var lastWasPoint = false

  init(source: ByteSource) throws(TrackError) {
    self.source = source
    let bytes = try source.readRemaining()
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      throw TrackError(
        .malformed,
        file: source.path,
        line: error.line,
        column: error.column,
        message: error.message
      )
    }
    switch document["type"]?.string {
    case "FeatureCollection":
      guard let features = document["features"]?.array else {
        throw malformed("expected a 'features' array in the FeatureCollection", document.line)
      }
      for feature in features { collect(feature) }
    case "Feature":
      collect(document)
    case "LineString", "MultiLineString", "Point", "MultiPoint", "GeometryCollection":
      geometry(document, properties: nil, line: document.line)
    case let other?:
      throw malformed(
        "a \(other) is not a track; expected a LineString, MultiLineString, Point or "
          + "MultiPoint, or a Feature or FeatureCollection of them",
        document.line
      )
    default:
      throw malformed(
        "expected a GeoJSON FeatureCollection, Feature or geometry with a 'type' member",
        document.line
      )
    }
  }

  mutating func next() throws(TrackError) -> ParsedItem? {
    guard index < items.count else { return nil }
    defer { index += 1 }
    return items[index]
  }

  private mutating func malformed(_ message: String, _ line: Int?) -> TrackError {
    TrackError(.malformed, file: source.path, line: line, message: message)
  }

  private mutating func collect(_ feature: JSONValue) {
    counts.records += 1
    guard let geometry = feature["geometry"] else { return }
    self.geometry(geometry, properties: feature["properties"], line: feature.line)
  }

  private mutating func geometry(_ geometry: JSONValue, properties: JSONValue?, line: Int?) {
    let times = properties?["coordTimes"] ?? properties?["coordinateProperties"]?["times"]
    switch geometry["type"]?.string {
    case "LineString":
      addLine(
        geometry["coordinates"]?.array ?? [],
        times: times?.array,
        line: geometry.line ?? line
      )
    case "MultiLineString":
      let lines = geometry["coordinates"]?.array ?? []
      for (number, coordinates) in lines.enumerated() {
        let lineTimes = times?.array?[safe: number]?.array
        addLine(coordinates.array ?? [], times: lineTimes, line: coordinates.line ?? line)
      }
    case "Point":
      let time = properties?["time"] ?? properties?["timestamp"] ?? properties?["coordTimes"]
      if !lastWasPoint { newSegment() }
      add(geometry["coordinates"], time: time, line: geometry.line ?? line)
      lastWasPoint = true
    case "MultiPoint":
      addLine(
        geometry["coordinates"]?.array ?? [],
        times: times?.array,
        line: geometry.line ?? line
      )
    case "GeometryCollection":
      for member in geometry["geometries"]?.array ?? [] {
        self.geometry(member, properties: properties, line: member.line ?? line)
      }
    default:
      break
    }
  }

  private mutating func addLine(_ coordinates: [JSONValue], times: [JSONValue]?, line: Int?) {
    newSegment()
    lastWasPoint = false
    if coordinates.isEmpty {
      items.append(.defect(TrackDefect(.emptySegment, line: line, detail: "LineString")))
    }
    for (number, coordinate) in coordinates.enumerated() {
      add(coordinate, time: times?[safe: number], line: coordinate.line ?? line)
    }
  }

  private mutating func newSegment() {
    segment += 1
    counts.trackSegments += 1
  }

  private mutating func add(_ coordinate: JSONValue?, time: JSONValue?, line: Int?) {
    let values = coordinate?.array ?? []
    var fix = Fix(
      latitude: values[safe: 1]?.number ?? .nan,
      longitude: values[safe: 0]?.number ?? .nan,
      elevation: elevation(values[safe: 2]),
      segment: segment,
      line: line
    )
    if let text = time?.string {
      fix.time = Timestamp.parse(text)
    } else if let milliseconds = time?.number {
      fix.time = Date(checkedSecondsSince1970: milliseconds / 1000)
    }
    counts.trackPoints += 1
    items.append(.point(fix))
  }
}

extension GeoJSONParser {
  /// A position's third value: `nil` when it has none (or `null`), not-a-number when it is not
  /// a number (`"high"`), which the ``DefectPolicy`` reports and drops
  /// (``TrackDefect/Kind/unreadableValue``) as it does in CSV and GPX, instead of losing it
  /// without a word.
  private func elevation(_ value: JSONValue?) -> Double? {
    guard let value, !value.isNull else { return nil }
    return value.number ?? .nan
  }
}

extension Array {
  /// The element at `index`, or `nil` when it is out of range.
  subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
