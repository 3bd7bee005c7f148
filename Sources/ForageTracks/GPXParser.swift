import Foundation

/// A streaming GPX 1.0/1.1 parser: a hand-written XML tokenizer over a ``ByteSource`` that keeps
/// only the open-element stack and the point being built.
///
/// It checks well-formedness (matching tags, quoted attributes, known entities, one root) and
/// reads `wpt`, `rte/rtept` and `trk/trkseg/trkpt` with their `ele`, `time`, `hdop`, `sat` and
/// `fix`, matching elements by local name so any namespace prefix works, and the time the file
/// was made (GPX 1.1 `<metadata><time>`, GPX 1.0 `<gpx><time>`). Extensions, the rest of the
/// metadata, comments, processing instructions and DOCTYPEs are skipped.
struct GPXParser: TrackParser {
  /// The role an open element plays in the GPX structure.
  enum Role: Equatable {
    case root, metadata, waypoint, route, routePoint, track, trackSegment, trackPoint
    case value(Field), other
  }

  /// The values the reader keeps: a point's children, and the file's own time.
  enum Field: Equatable { case elevation, time, hdop, satellites, fix, documentTime }

  struct OpenElement {
    var nameStart: Int
    var nameLength: Int
    var role: Role
    var line: Int
  }

  let source: ByteSource
  var counts = TrackFileCounts()
  var names: [UInt8] = []
  var stack: [OpenElement] = []
  var text: [UInt8] = []
  var attributeValue: [UInt8] = []
  var point: Fix?
  var pointHasCoordinates = (latitude: false, longitude: false)
  var pointTimeText: String?
  var segment = -1
  var segmentPoints = 0
  var lastKind: FixKind?
  var sawRoot = false
  var rootClosed = false
  var pending: ParsedItem?

  init(source: ByteSource) throws(TrackError) {
    self.source = source
    names.reserveCapacity(256)
    text.reserveCapacity(64)
    attributeValue.reserveCapacity(64)
  }

  mutating func next() throws(TrackError) -> ParsedItem? {
    if let item = pending {
      pending = nil
      return item
    }
    while true {
      try readText()
      let line = source.line
      let column = source.column
      guard let byte = try source.next() else {
        return try endOfFile()
      }
      precondition(byte == UInt8(ascii: "<"))
      guard let marker = try source.peek() else {
        throw malformed("expected a tag name after '<' but the file ended", line, column)
      }
      switch marker {
      case UInt8(ascii: "/"):
        _ = try source.next()
        if let item = try endTag(line: line, column: column) { return item }
      case UInt8(ascii: "?"):
        try skip(
          until: Array("?>".utf8),
          what: "'?>' to close the processing instruction",
          line,
          column
        )
      case UInt8(ascii: "!"):
        _ = try source.next()
        try declaration(line: line, column: column)
      default:
        if let item = try startTag(line: line, column: column) { return item }
      }
    }
  }

  // MARK: Content

  /// Reads character data up to the next `<`, keeping it only inside a value element.
  private mutating func readText() throws(TrackError) {
    let collecting: Bool
    if case .value = stack.last?.role { collecting = true } else { collecting = false }
    while let byte = try source.peek() {
      if byte == UInt8(ascii: "<") { return }
      let line = source.line
      let column = source.column
      _ = try source.next()
      if stack.isEmpty, !isSpace(byte) {
        let expected =
          rootClosed
          ? "expected the end of the file after </gpx>" : "expected '<' to start the GPX document"
        throw malformed("\(expected) but found \(describe(byte))", line, column)
      }
      if byte == UInt8(ascii: "&") {
        let character = try entity(line: line, column: column)
        if collecting { text.append(contentsOf: character) }
      } else if collecting {
        text.append(byte)
      }
    }
  }

  private mutating func endOfFile() throws(TrackError) -> ParsedItem? {
    if let open = stack.last {
      let name = String(
        decoding: names[open.nameStart..<open.nameStart + open.nameLength],
        as: UTF8.self
      )
      throw malformed(
        "unexpected end of file: expected </\(name)> to close <\(name)> opened at line \(open.line)",
        source.line,
        source.column
      )
    }
    if !sawRoot {
      throw malformed("expected a <gpx> element but the file has none", source.line, nil)
    }
    return nil
  }

  /// Handles `<!--`, `<![CDATA[` and `<!DOCTYPE` after the `<!`.
  private mutating func declaration(line: Int, column: Int) throws(TrackError) {
    if try source.peek() == UInt8(ascii: "-") {
      _ = try source.next()
      guard try source.next() == UInt8(ascii: "-") else {
        throw malformed("expected '<!--' to start a comment", line, column)
      }
      try skip(until: Array("-->".utf8), what: "'-->' to close the comment", line, column)
    } else if try source.peek() == UInt8(ascii: "[") {
      for expected in "[CDATA[".utf8 {
        guard try source.next() == expected else {
          throw malformed("expected '<![CDATA[' to start a CDATA section", line, column)
        }
      }
      var collecting = false
      if case .value = stack.last?.role { collecting = true }
      var tail = 0
      while let byte = try source.next() {
        if byte == UInt8(ascii: ">"), tail >= 2 {
          if collecting { text.removeLast(2) }
          return
        }
        tail = byte == UInt8(ascii: "]") ? tail + 1 : 0
        if collecting { text.append(byte) }
      }
      throw malformed(
        "unexpected end of file: expected ']]>' to close the CDATA section",
        line,
        column
      )
    } else {
      var depth = 0
      while let byte = try source.next() {
        if byte == UInt8(ascii: "[") { depth += 1 }
        if byte == UInt8(ascii: "]") { depth -= 1 }
        if byte == UInt8(ascii: ">"), depth <= 0 { return }
      }
      throw malformed("unexpected end of file: expected '>' to close the declaration", line, column)
    }
  }

  private mutating func skip(
    until terminator: [UInt8],
    what: String,
    _ line: Int,
    _ column: Int
  ) throws(TrackError) {
    var matched = 0
    while let byte = try source.next() {
      if byte == terminator[matched] {
        matched += 1
        if matched == terminator.count { return }
      } else {
        matched = byte == terminator[0] ? 1 : 0
      }
    }
    throw malformed("unexpected end of file: expected \(what)", line, column)
  }

  // MARK: Helpers

  func malformed(_ message: String, _ line: Int, _ column: Int?) -> TrackError {
    TrackError(.malformed, file: source.path, line: line, column: column, message: message)
  }

  func describe(_ byte: UInt8) -> String {
    if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return String(format: "byte 0x%02X", byte)
  }
}
