import ForageGeo
import Foundation

/// A small reader for the track `forage nearby --along` follows: just its points, in order.
///
/// Accepts a GeoJSON LineString or MultiLineString (bare, in a Feature or in a FeatureCollection),
/// a GPX file (its `trkpt`s in file order; failing those its `rtept`s, then its `wpt`s), or plain text with one `lat,lon`
/// per line (blank lines, `#` comments and a non-numeric header line are ignored). Timing is
/// irrelevant here, so times are not read.
enum NearbyTrackFile {
  /// Reads a track's points.
  ///
  /// - Throws: ``NearbyError/io(_:)`` when the file cannot be read, ``NearbyError/data(_:)`` when
  ///   it holds no usable track, naming the line and what was expected.
  static func read(_ path: String) throws(NearbyError) -> [Coordinate] {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .io("\(path): cannot read track file")
    }
    let text = String(decoding: data, as: UTF8.self)
    let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    let points: [Coordinate]
    if trimmed.hasPrefix("{") {
      points = try geoJSON(data, path)
    } else if trimmed.hasPrefix("<") {
      points = try gpx(text, path)
    } else {
      points = try lines(text, path)
    }
    guard !points.isEmpty else { throw .data("\(path): expected at least one track point") }
    return points
  }

  private static func geoJSON(_ data: Data, _ path: String) throws(NearbyError) -> [Coordinate] {
    guard let root = try? JSONSerialization.jsonObject(with: data) else {
      throw .data("\(path): expected valid GeoJSON")
    }
    var points: [Coordinate] = []
    try collect(root, path, into: &points)
    return points
  }

  private static func collect(
    _ node: Any,
    _ path: String,
    into points: inout [Coordinate]
  )
    throws(NearbyError)
  {
    guard let object = node as? [String: Any] else { return }
    switch object["type"] as? String {
    case "FeatureCollection":
      for feature in object["features"] as? [Any] ?? [] {
        try collect(feature, path, into: &points)
      }
    case "Feature":
      if let geometry = object["geometry"] { try collect(geometry, path, into: &points) }
    case "LineString":
      try append(object["coordinates"] as? [Any] ?? [], path, into: &points)
    case "MultiLineString":
      for line in object["coordinates"] as? [Any] ?? [] {
        try append(line as? [Any] ?? [], path, into: &points)
      }
    default:
      return
    }
  }

  private static func append(
    _ positions: [Any],
    _ path: String,
    into points: inout [Coordinate]
  )
    throws(NearbyError)
  {
    for (index, position) in positions.enumerated() {
      guard let pair = position as? [Any], pair.count >= 2,
        let longitude = (pair[0] as? NSNumber)?.doubleValue,
        let latitude = (pair[1] as? NSNumber)?.doubleValue
      else { throw .data("\(path): position \(index): expected [longitude, latitude]") }
      do {
        points.append(try Coordinate(latitude: latitude, longitude: longitude))
      } catch {
        throw .data("\(path): position \(index): \(error.description)")
      }
    }
  }

  /// Track points if the file has any, else route points, else waypoints.
  private static func gpx(_ text: String, _ path: String) throws(NearbyError) -> [Coordinate] {
    for element in ["trkpt", "rtept", "wpt"] {
      let points = try gpx(text, path, element: element)
      if !points.isEmpty { return points }
    }
    return []
  }

  private static func gpx(
    _ text: String,
    _ path: String,
    element: String
  ) throws(NearbyError)
    -> [Coordinate]
  {
    var points: [Coordinate] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      var rest = line[...]
      while let open = rest.range(of: "<") {
        rest = rest[open.upperBound...]
        guard rest.hasPrefix(element + " ") || rest.hasPrefix(element + ">") else { continue }
        let tag = rest.prefix { $0 != ">" }
        guard let latitude = attribute("lat", in: tag), let longitude = attribute("lon", in: tag)
        else { throw .data("\(path):\(number + 1): expected lat and lon attributes on a point") }
        do {
          points.append(try Coordinate(latitude: latitude, longitude: longitude))
        } catch {
          throw .data("\(path):\(number + 1): \(error.description)")
        }
      }
    }
    return points
  }

  private static func attribute(_ name: String, in tag: Substring) -> Double? {
    for quote in ["\"", "'"] {
      guard let start = tag.range(of: " \(name)=\(quote)") else { continue }
      let value = tag[start.upperBound...].prefix { String($0) != quote }
      return Double(value)
    }
    return nil
  }

  private static func lines(_ text: String, _ path: String) throws(NearbyError) -> [Coordinate] {
    var points: [Coordinate] = []
    for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
      if line.isEmpty || line.hasPrefix("#") { continue }
      if points.isEmpty, number == 0, line.first.map({ $0.isLetter }) == true { continue }
      do {
        points.append(try Coordinate(parsing: line))
      } catch {
        throw .data("\(path):\(number + 1): \(error.description)")
      }
    }
    return points
  }
}
