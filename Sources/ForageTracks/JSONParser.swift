import Foundation

/// A strict JSON (RFC 8259) parser over a ``ByteSource`` that reports errors by line and column.
struct JSONParser {
  let source: ByteSource
  /// Nesting deeper than this is refused, so hostile input cannot exhaust the stack.
  static let maximumDepth = 512

  /// Parses one JSON document and checks nothing but white space follows it.
  mutating func parseDocument() throws(TrackError) -> JSONValue {
    try skipSpace()
    let value = try parseValue(depth: 0)
    try skipSpace()
    if let byte = try source.peek() {
      throw error("expected the end of the JSON document but found \(describe(byte))")
    }
    return value
  }

  private func parseValue(depth: Int) throws(TrackError) -> JSONValue {
    guard depth < Self.maximumDepth else {
      throw error("expected at most \(Self.maximumDepth) levels of nesting")
    }
    guard let byte = try source.peek() else {
      throw error("expected a JSON value but the file ended")
    }
    switch byte {
    case UInt8(ascii: "{"):
      let line = source.line
      _ = try source.next()
      var members: [String: JSONValue] = [:]
      try skipSpace()
      if try source.peek() == UInt8(ascii: "}") {
        _ = try source.next()
        return .object(members, line: line)
      }
      while true {
        try skipSpace()
        guard try source.peek() == UInt8(ascii: "\"") else { throw error("expected a string key") }
        let key = try parseString()
        try skipSpace()
        try expect(UInt8(ascii: ":"), "':' after an object key")
        try skipSpace()
        members[key] = try parseValue(depth: depth + 1)
        try skipSpace()
        if try source.peek() == UInt8(ascii: ",") {
          _ = try source.next()
          continue
        }
        try expect(UInt8(ascii: "}"), "',' or '}' in an object")
        return .object(members, line: line)
      }
    case UInt8(ascii: "["):
      let line = source.line
      _ = try source.next()
      var elements: [JSONValue] = []
      try skipSpace()
      if try source.peek() == UInt8(ascii: "]") {
        _ = try source.next()
        return .array(elements, line: line)
      }
      while true {
        try skipSpace()
        elements.append(try parseValue(depth: depth + 1))
        try skipSpace()
        if try source.peek() == UInt8(ascii: ",") {
          _ = try source.next()
          continue
        }
        try expect(UInt8(ascii: "]"), "',' or ']' in an array")
        return .array(elements, line: line)
      }
    case UInt8(ascii: "\""):
      return .string(try parseString())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), 0x30...0x39:
      return .number(try parseNumber())
    default:
      throw error("expected a JSON value but found \(describe(byte))")
    }
  }

  private func parseString() throws(TrackError) -> String {
    _ = try source.next()
    var bytes: [UInt8] = []
    while true {
      guard let byte = try source.next() else {
        throw error("expected '\"' to close the string but the file ended")
      }
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: bytes, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard let escaped = try source.next() else { throw error("expected an escape after '\\'") }
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escaped)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
          var hex = ""
          for _ in 0..<4 {
            guard let digit = try source.next() else {
              throw error("expected four hex digits after '\\u'")
            }
            hex.append(Character(Unicode.Scalar(digit)))
          }
          guard let code = UInt32(hex, radix: 16) else {
            throw error("expected four hex digits after '\\u'")
          }
          let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
          bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
          throw error("expected a valid escape but found '\\\(Character(Unicode.Scalar(escaped)))'")
        }
      case 0..<0x20:
        throw error("expected '\"' to close the string but found a control character")
      default:
        bytes.append(byte)
      }
    }
  }

  private func parseNumber() throws(TrackError) -> Double {
    var bytes: [UInt8] = []
    while let byte = try source.peek(),
      (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    {
      bytes.append(byte)
      _ = try source.next()
    }
    guard let value = bytes.withUnsafeBufferPointer({ NumberParsing.double($0) }) else {
      throw error("expected a number but found '\(String(decoding: bytes, as: UTF8.self))'")
    }
    return value
  }

  private func literal(_ word: StaticString) throws(TrackError) {
    let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for expected in bytes {
      guard try source.next() == expected else { throw error("expected '\(word)'") }
    }
  }

  private func expect(_ byte: UInt8, _ what: String) throws(TrackError) {
    guard try source.peek() == byte else {
      let found = try source.peek().map(describe) ?? "the end of the file"
      throw error("expected \(what) but found \(found)")
    }
    _ = try source.next()
  }

  private func skipSpace() throws(TrackError) {
    while let byte = try source.peek(), isSpace(byte) { _ = try source.next() }
  }

  private func error(_ message: String) -> TrackError {
    TrackError(
      .malformed,
      file: source.path,
      line: source.line,
      column: source.column,
      message: message
    )
  }

  private func describe(_ byte: UInt8) -> String {
    if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return String(format: "byte 0x%02X", byte)
  }
}
