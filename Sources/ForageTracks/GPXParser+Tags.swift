import Foundation

extension GPXParser {
  /// Whether a byte ends a tag name: white space, `/` or `>`.
  @inline(__always)
  private static func endsName(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x2F || byte == 0x3E
  }

  /// Reads a start tag after its `<`: name, attributes, and `>` or `/>`.
  mutating func startTag(line: Int, column: Int) throws(TrackError) -> ParsedItem? {
    let nameStart = names.count
    while let byte = try source.peek(), !Self.endsName(byte) {
      _ = try source.next()
      names.append(byte)
    }
    let nameLength = names.count - nameStart
    guard nameLength > 0 else {
      let found = try source.peek().map(describe) ?? "the end of the file"
      throw malformed("expected an element name after '<' but found \(found)", line, column)
    }
    let role = try role(forNameAt: nameStart, length: nameLength, line: line, column: column)
    if role == .trackPoint || role == .routePoint || role == .waypoint {
      beginPoint(role, line: line)
    }
    stack.append(OpenElement(nameStart: nameStart, nameLength: nameLength, role: role, line: line))
    let isEmpty = try attributes(of: role, tagLine: line, tagColumn: column)
    if case .value = role { text.removeAll(keepingCapacity: true) }
    if role == .trackSegment || role == .route { beginSegment() }
    return isEmpty ? try close() : nil
  }

  /// Reads an end tag after its `</`, checking it matches the open element.
  mutating func endTag(line: Int, column: Int) throws(TrackError) -> ParsedItem? {
    guard let open = stack.last else {
      throw malformed("found a closing tag but no element is open", line, column)
    }
    var index = 0
    var matches = true
    var found: [UInt8] = []
    while let byte = try source.peek(), !Self.endsName(byte) {
      _ = try source.next()
      if index < open.nameLength, names[open.nameStart + index] == byte {
      } else {
        matches = false
      }
      if !matches || found.count < 64 { found.append(byte) }
      index += 1
    }
    while let byte = try source.peek(), isSpace(byte) { _ = try source.next() }
    guard try source.next() == UInt8(ascii: ">") else {
      throw malformed("expected '>' to end the closing tag", source.line, source.column - 1)
    }
    if !matches || index != open.nameLength {
      let name = String(
        decoding: names[open.nameStart..<open.nameStart + open.nameLength],
        as: UTF8.self
      )
      let other = String(
        decoding: names[open.nameStart..<open.nameStart + min(index, open.nameLength)],
        as: UTF8.self
      )
      let shown = matches ? other : String(decoding: found, as: UTF8.self)
      throw malformed(
        "expected </\(name)> to close <\(name)> opened at line \(open.line) but found </\(shown)>",
        line,
        column
      )
    }
    return try close()
  }

  /// Pops the open element and finishes what it stood for.
  private mutating func close() throws(TrackError) -> ParsedItem? {
    let open = stack.removeLast()
    names.removeLast(open.nameLength)
    switch open.role {
    case .value(.documentTime):
      return text.withUnsafeBufferPointer { Timestamp.parse($0) }.map(ParsedItem.documentTime)
    case .value(let field):
      try finish(field)
      return nil
    case .trackPoint, .routePoint, .waypoint:
      return finishPoint()
    case .trackSegment, .route:
      if segmentPoints == 0 {
        return .defect(
          TrackDefect(
            .emptySegment,
            point: open.role == .route ? .routePoint : .trackPoint,
            line: open.line,
            detail: open.role == .route ? "route" : "trkseg"
          )
        )
      }
      return nil
    case .root:
      rootClosed = true
      return nil
    default:
      return nil
    }
  }

  private mutating func role(
    forNameAt start: Int,
    length: Int,
    line: Int,
    column: Int
  ) throws(TrackError) -> Role {
    var local = start
    for index in start..<start + length where names[index] == UInt8(ascii: ":") {
      local = index + 1
    }
    func isName(_ literal: StaticString) -> Bool {
      let count = start + length - local
      guard literal.utf8CodeUnitCount == count else { return false }
      let bytes = literal.utf8Start
      for index in 0..<count where names[local + index] != bytes[index] { return false }
      return true
    }
    guard let parent = stack.last?.role else {
      if rootClosed { throw malformed("expected the end of the file after </gpx>", line, column) }
      guard isName("gpx") else {
        let found = String(decoding: names[start..<start + length], as: UTF8.self)
        throw malformed("expected <gpx> as the root element but found <\(found)>", line, column)
      }
      sawRoot = true
      return .root
    }
    switch parent {
    case .root:
      if isName("wpt") { return .waypoint }
      if isName("metadata") { return .metadata }
      // GPX 1.0 has no <metadata>: the file's time is a child of <gpx>.
      if isName("time") { return .value(.documentTime) }
      if isName("rte") { return .route }
      if isName("trk") { return .track }
    case .metadata: if isName("time") { return .value(.documentTime) }
    case .route: if isName("rtept") { return .routePoint }
    case .track: if isName("trkseg") { return .trackSegment }
    case .trackSegment: if isName("trkpt") { return .trackPoint }
    case .trackPoint, .routePoint, .waypoint:
      if isName("ele") { return .value(.elevation) }
      if isName("time") { return .value(.time) }
      if isName("hdop") { return .value(.hdop) }
      if isName("sat") { return .value(.satellites) }
      if isName("fix") { return .value(.fix) }
    default: break
    }
    return .other
  }
}
