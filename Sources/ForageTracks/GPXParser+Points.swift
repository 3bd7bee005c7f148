import ForageSupport
import Foundation

extension GPXParser {
  /// Reads the attributes of a start tag up to its `>`; keeps `lat` and `lon` of a point.
  ///
  /// - Returns: Whether the tag was empty (`/>`).
  mutating func attributes(of role: Role, tagLine: Int, tagColumn: Int) throws(TrackError) -> Bool {
    let isPoint = role == .trackPoint || role == .routePoint || role == .waypoint
    while true {
      while let byte = try source.peek(), isSpace(byte) { _ = try source.next() }
      let line = source.line
      let column = source.column
      guard let byte = try source.next() else {
        throw malformed("unexpected end of file: expected '>' to end the tag", tagLine, tagColumn)
      }
      if byte == UInt8(ascii: ">") { return false }
      if byte == UInt8(ascii: "/") {
        guard try source.next() == UInt8(ascii: ">") else {
          throw malformed("expected '>' after '/' in an empty-element tag", line, column + 1)
        }
        return true
      }
      // An attribute name.
      var name: (UInt8, UInt8, UInt8, Int) = (byte, 0, 0, 1)
      while let next = try source.peek(), next != UInt8(ascii: "="), !isSpace(next),
        next != UInt8(ascii: ">"), next != UInt8(ascii: "/")
      {
        _ = try source.next()
        if next == UInt8(ascii: ":") {
          name = (0, 0, 0, 0)
          continue
        }
        switch name.3 {
        case 0: name.0 = next
        case 1: name.1 = next
        case 2: name.2 = next
        default: break
        }
        name.3 += 1
      }
      while let next = try source.peek(), isSpace(next) { _ = try source.next() }
      guard try source.next() == UInt8(ascii: "=") else {
        throw malformed("expected '=' after an attribute name", source.line, source.column - 1)
      }
      while let next = try source.peek(), isSpace(next) { _ = try source.next() }
      let quoteLine = source.line
      let quoteColumn = source.column
      guard let quote = try source.next(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
      else {
        throw malformed("expected a quoted attribute value", quoteLine, quoteColumn)
      }
      let isLatitude = name == (UInt8(ascii: "l"), UInt8(ascii: "a"), UInt8(ascii: "t"), 3)
      let isLongitude = name == (UInt8(ascii: "l"), UInt8(ascii: "o"), UInt8(ascii: "n"), 3)
      let keep = isPoint && (isLatitude || isLongitude)
      attributeValue.removeAll(keepingCapacity: true)
      while true {
        let valueLine = source.line
        let valueColumn = source.column
        guard let next = try source.next() else {
          throw malformed(
            "unexpected end of file: expected a closing quote for the attribute value",
            quoteLine,
            quoteColumn
          )
        }
        if next == quote { break }
        if next == UInt8(ascii: "<") {
          throw malformed(
            "expected a closing quote but found '<' in an attribute value",
            valueLine,
            valueColumn
          )
        }
        if next == UInt8(ascii: "&") {
          let character = try entity(line: valueLine, column: valueColumn)
          if keep { attributeValue.append(contentsOf: character) }
        } else if keep {
          attributeValue.append(next)
        }
      }
      if keep {
        let value = attributeValue.withUnsafeBufferPointer { NumberParsing.double($0) }
        if isLatitude {
          point?.latitude = value ?? .nan
          pointHasCoordinates.latitude = true
        } else {
          point?.longitude = value ?? .nan
          pointHasCoordinates.longitude = true
        }
      }
    }
  }

  /// Decodes an entity reference after its `&` and returns the UTF-8 of the character it stands for.
  func entity(line: Int, column: Int) throws(TrackError) -> [UInt8] {
    var name: [UInt8] = []
    while let byte = try source.next() {
      if byte == UInt8(ascii: ";") { break }
      name.append(byte)
      if name.count > 10 { break }
    }
    let text = String(decoding: name, as: UTF8.self)
    let scalar: Unicode.Scalar?
    switch text {
    case "lt": scalar = "<"
    case "gt": scalar = ">"
    case "amp": scalar = "&"
    case "quot": scalar = "\""
    case "apos": scalar = "'"
    default:
      if text.hasPrefix("#x") || text.hasPrefix("#X") {
        scalar = UInt32(text.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
      } else if text.hasPrefix("#") {
        scalar = UInt32(text.dropFirst()).flatMap(Unicode.Scalar.init)
      } else {
        scalar = nil
      }
    }
    guard let scalar else {
      throw malformed(
        "expected a known entity (&lt; &gt; &amp; &quot; &apos; or &#…;) but found '&\(text)'",
        line,
        column
      )
    }
    return Array(String(Character(scalar)).utf8)
  }

  /// Starts a point element.
  mutating func beginPoint(_ role: Role, line: Int) {
    let kind: FixKind =
      switch role {
      case .routePoint: .routePoint
      case .waypoint: .waypoint
      default: .trackPoint
      }
    if kind == .waypoint, lastKind != .waypoint { beginSegment() }
    lastKind = kind
    point = Fix(latitude: .nan, longitude: .nan, segment: segment, line: line, kind: kind)
    pointHasCoordinates = (false, false)
  }

  /// Starts a new segment: a `trkseg`, a `rte`, or a run of waypoints.
  mutating func beginSegment() {
    segment += 1
    segmentPoints = 0
    if stack.last?.role == .trackSegment { counts.trackSegments += 1 }
    if stack.last?.role == .route { counts.routes += 1 }
  }

  /// Stores the text of a finished value element in the point being built.
  mutating func finish(_ field: Field) throws(TrackError) {
    switch field {
    case .elevation:
      let value = measure()
      point?.elevation = value
    case .time:
      point?.time = text.withUnsafeBufferPointer { Timestamp.parse($0) }
    case .hdop:
      let value = measure()
      point?.hdop = value
    case .satellites:
      point?.satellites = text.withUnsafeBufferPointer { NumberParsing.integer($0) }
    case .fix:
      let value = String(decoding: text, as: UTF8.self).trimmingCharacters(
        in: .whitespacesAndNewlines
      )
      if value == "none" { point?.horizontalAccuracy = -1 }
    case .documentTime:
      break
    }
  }

  /// The finished element's text as a measure: `nil` when empty, not-a-number when it is not
  /// a number (`nan`, `abc`), which the ``DefectPolicy`` then reports and drops
  /// (``TrackDefect/Kind/unreadableValue``) instead of losing it without a word.
  func measure() -> Double? {
    guard text.contains(where: { !isSpace($0) }) else { return nil }
    return text.withUnsafeBufferPointer { NumberParsing.double($0) } ?? .nan
  }

  /// Finishes the point being built and hands it out.
  mutating func finishPoint() -> ParsedItem? {
    guard let finished = point else { return nil }
    point = nil
    segmentPoints += 1
    switch finished.kind {
    case .trackPoint: counts.trackPoints += 1
    case .routePoint: counts.routePoints += 1
    case .waypoint: counts.waypoints += 1
    }
    return .point(finished)
  }
}
