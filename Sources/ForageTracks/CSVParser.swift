import ForageSupport
import Foundation

/// A streaming CSV track parser: a header naming the columns (`time,lat,lon[,ele][,accuracy]
/// [,speed][,course]` in any order, with common aliases), then one point per row.
///
/// Times are ISO 8601 or numbers of seconds (or milliseconds, above 10^11) since 1970.
/// Blank lines and lines starting with `#` are skipped.
struct CSVParser: TrackParser {
  /// The longest line read, in bytes; a longer one is skipped (``TrackDefect/Kind/overlongLine``).
  /// A row of a dozen numbers and a time is under 200 bytes.
  static let maximumLineLength = 65_536

  let source: ByteSource
  var counts = TrackFileCounts()
  private let header: CSVHeader
  private var lineBytes: [UInt8] = []
  private var fields: [Range<Int>] = []

  init(source: ByteSource) throws(TrackError) {
    self.source = source
    var line = 1
    var text = ""
    repeat {
      line = source.line
      guard let read = try CSVParser.readLine(source) else {
        throw TrackError(
          .malformed,
          file: source.path,
          line: line,
          message: "expected a CSV header naming lat and lon columns but the file is empty"
        )
      }
      text = String(decoding: read, as: UTF8.self)
      text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    } while text.isEmpty || text.hasPrefix("#")
    guard let header = CSVHeader(line: text) else {
      throw TrackError(
        .malformed,
        file: source.path,
        line: line,
        column: 1,
        message:
          "expected a CSV header naming lat and lon columns (such as time,lat,lon) but found '\(text.prefix(60))'"
      )
    }
    if let repeated = header.repeated {
      throw TrackError(
        .malformed,
        file: source.path,
        line: line,
        column: 1,
        message: "expected one latitude and one longitude column in the CSV header, but \(repeated)"
      )
    }
    self.header = header
    counts.trackSegments = 1
  }

  mutating func next() throws(TrackError) -> ParsedItem? {
    while true {
      let line = source.line
      guard let read = try CSVParser.readLine(source) else { return nil }
      lineBytes = read
      guard let first = lineBytes.firstIndex(where: { !isSpace($0) }) else { continue }
      if lineBytes[first] == UInt8(ascii: "#") { continue }
      counts.records += 1
      guard lineBytes.count <= Self.maximumLineLength else {
        return .defect(
          TrackDefect(
            .overlongLine,
            line: line,
            detail: "more than \(Self.maximumLineLength) bytes"
          )
        )
      }
      split()
      guard fields.count >= header.requiredCount else {
        return .defect(
          TrackDefect(
            .partialLine,
            line: line,
            detail: "\(fields.count) fields, expected \(header.columnCount)"
          )
        )
      }
      var fix = Fix(
        latitude: number(header.latitude) ?? .nan,
        longitude: number(header.longitude) ?? .nan,
        line: line
      )
      fix.time = header.time.flatMap(time)
      fix.elevation = header.elevation.flatMap(measure)
      fix.horizontalAccuracy = header.accuracy.flatMap(measure)
      fix.speed = header.speed.flatMap(measure)
      fix.course = header.course.flatMap(measure)
      fix.hdop = header.hdop.flatMap(measure)
      fix.satellites = header.satellites.flatMap(number).map { Int($0) }
      counts.trackPoints += 1
      return .point(fix)
    }
  }

  /// Reads one line without its line ending, `nil` at the end of the file; of a line longer
  /// than ``maximumLineLength`` only that many bytes are kept (the rest is read past), so that
  /// memory stays bounded whatever the file holds.
  private static func readLine(_ source: ByteSource) throws(TrackError) -> [UInt8]? {
    var bytes: [UInt8] = []
    var any = false
    while let byte = try source.next() {
      any = true
      if byte == 0x0A { break }
      if bytes.count <= maximumLineLength { bytes.append(byte) }
    }
    while bytes.last == 0x0D { bytes.removeLast() }
    return any ? bytes : nil
  }

  /// Splits `lineBytes` into field ranges, honouring double quotes.
  private mutating func split() {
    fields.removeAll(keepingCapacity: true)
    var start = 0
    var quoted = false
    for index in lineBytes.indices {
      let byte = lineBytes[index]
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      if byte == header.separator, !quoted {
        fields.append(start..<index)
        start = index + 1
      }
    }
    fields.append(start..<lineBytes.count)
  }

  private func field(_ index: Int) -> ArraySlice<UInt8>? {
    guard index < fields.count else { return nil }
    var slice = lineBytes[fields[index]]
    while let first = slice.first, isSpace(first) || first == UInt8(ascii: "\"") {
      slice.removeFirst()
    }
    while let last = slice.last, isSpace(last) || last == UInt8(ascii: "\"") { slice.removeLast() }
    return slice.isEmpty ? nil : slice
  }

  private func number(_ index: Int) -> Double? {
    field(index)?.withUnsafeBufferPointer { NumberParsing.double($0) }
  }

  /// A measure's value: `nil` for an empty field, not-a-number for one that is not a number
  /// (`nan`, `abc`), which the ``DefectPolicy`` then reports and drops
  /// (``TrackDefect/Kind/unreadableValue``) instead of losing it without a word.
  private func measure(_ index: Int) -> Double? {
    guard field(index) != nil else { return nil }
    return number(index) ?? .nan
  }

  private func time(_ index: Int) -> Date? {
    guard let text = field(index) else { return nil }
    if let value = text.withUnsafeBufferPointer({ NumberParsing.double($0) }) {
      return Date(checkedSecondsSince1970: value > 1e11 ? value / 1000 : value)
    }
    return text.withUnsafeBufferPointer { Timestamp.parse($0) }
  }
}
