/// A track file format the readers understand.
public enum TrackFormat: String, Sendable, Hashable, Codable, CaseIterable {
  /// GPX 1.0 or 1.1 (`trk/trkseg/trkpt`, `rte/rtept`, `wpt`).
  case gpx
  /// NMEA 0183 sentences (`RMC` and `GGA` from any talker).
  case nmea
  /// GeoJSON `LineString`/`MultiLineString` with times, or timed `Point` features.
  case geojson
  /// Comma-separated values with a header naming at least the latitude and longitude columns.
  case csv

  /// The format a file name's extension implies, or `nil` when the extension says nothing.
  ///
  /// - Parameter fileExtension: The extension without its dot, in any case (`"GPX"`, `"nmea"`).
  public init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "gpx": self = .gpx
    case "nmea", "nma": self = .nmea
    case "geojson", "json": self = .geojson
    case "csv", "tsv": self = .csv
    default: return nil
    }
  }

  /// Guesses the format from the first bytes of a file.
  ///
  /// - Parameter prefix: The file's first bytes (a few kilobytes are plenty).
  /// - Returns: The format the content looks like, or `nil` when it looks like none of them.
  public static func sniff(_ prefix: some Collection<UInt8>) -> TrackFormat? {
    var bytes = Array(prefix)
    if bytes.starts(with: ByteSource.utf8ByteOrderMark) { bytes.removeFirst(3) }
    guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return nil }
    switch bytes[first] {
    case UInt8(ascii: "<"): return .gpx
    case UInt8(ascii: "{"), UInt8(ascii: "["): return .geojson
    case UInt8(ascii: "$"), UInt8(ascii: "#"), UInt8(ascii: "!"): return .nmea
    default: break
    }
    // NMEA logs may start with binary noise; any well-formed sentence start is a strong hint.
    let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
    let firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    if CSVHeader(line: firstLine) != nil { return .csv }
    if text.contains("$GP") || text.contains("$GN") || text.contains("RMC,") { return .nmea }
    return nil
  }
}

/// Whether a byte is XML/JSON white space (space, tab, CR, LF).
@inline(__always)
func isSpace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
}
