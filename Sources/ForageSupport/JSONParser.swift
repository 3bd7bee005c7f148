import Foundation

/// Forage's one JSON reader: strict RFC 8259, exact numbers, errors by line and column.
///
/// Used for every JSON file a user hands Forage (GeoJSON tracks and places, permission scenarios)
/// instead of `JSONSerialization`, which on Linux misreads some 17-digit numbers and reports
/// errors by byte offset. Numbers are read correctly rounded (``NumberParsing``); whole numbers
/// that fit an `Int` stay exact. A leading UTF-8 byte order mark is skipped. Nesting is limited to
/// ``maximumDepth`` levels so hostile input cannot exhaust the stack.
public struct JSONParser {
  /// Nesting deeper than this is refused.
  public static let maximumDepth = 512

  private let bytes: UnsafeBufferPointer<UInt8>
  private var offset = 0
  private var line = 1

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Parses one JSON document; nothing but white space may follow it.
  ///
  /// - Parameter data: The document's UTF-8 bytes.
  /// - Returns: The value, with the line each array and object starts on.
  /// - Throws: ``JSONSyntaxError`` naming the line, column and what was expected.
  public static func parse(_ data: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
    let result: Result<JSONValue, JSONSyntaxError>? = data.withContiguousStorageIfAvailable {
      parse(buffer: $0)
    }
    return try (result ?? Array(data).withUnsafeBufferPointer { parse(buffer: $0) }).get()
  }

  private static func parse(
    buffer: UnsafeBufferPointer<UInt8>
  ) -> Result<JSONValue, JSONSyntaxError> {
    var parser = JSONParser(bytes: buffer)
    return Result { () throws(JSONSyntaxError) in try parser.parseDocument() }
  }

  private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    skipSpace()
    if offset == bytes.count {
      throw error(bytes.isEmpty ? "expected JSON but the file is empty" : "expected a JSON value")
    }
    let value = try parseValue(depth: 0)
    skipSpace()
    if let byte = peek() {
      throw error("expected the end of the JSON document but found \(describe(byte))")
    }
    return value
  }

  private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard depth < Self.maximumDepth else {
      throw error("expected at most \(Self.maximumDepth) levels of nesting")
    }
    guard let byte = peek() else { throw error("expected a JSON value but the file ended") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
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
      return try parseNumber()
    default:
      throw error("expected a JSON value but found \(describe(byte))")
    }
  }

  private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    let start = line
    offset += 1
    var members: [(String, JSONValue)] = []
    skipSpace()
    if peek() == UInt8(ascii: "}") {
      offset += 1
      return .object(members, line: start)
    }
    while true {
      skipSpace()
      guard peek() == UInt8(ascii: "\"") else {
        throw error("expected a string key but found \(describeNext())")
      }
      let key = try parseString()
      skipSpace()
      try expect(UInt8(ascii: ":"), "':' after an object key")
      skipSpace()
      members.append((key, try parseValue(depth: depth + 1)))
      skipSpace()
      if peek() == UInt8(ascii: ",") {
        offset += 1
        continue
      }
      try expect(UInt8(ascii: "}"), "',' or '}' in an object")
      return .object(members, line: start)
    }
  }

  private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    let start = line
    offset += 1
    var elements: [JSONValue] = []
    skipSpace()
    if peek() == UInt8(ascii: "]") {
      offset += 1
      return .array(elements, line: start)
    }
    while true {
      skipSpace()
      elements.append(try parseValue(depth: depth + 1))
      skipSpace()
      if peek() == UInt8(ascii: ",") {
        offset += 1
        continue
      }
      try expect(UInt8(ascii: "]"), "',' or ']' in an array")
      return .array(elements, line: start)
    }
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    offset += 1
    let start = offset
    // The common case: no escape, so the bytes become the string as they are.
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        defer { offset += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      offset += 1
    }
    var text = Array(bytes[start..<offset])
    while true {
      guard let byte = peek() else {
        throw error("expected '\"' to close the string but the file ended")
      }
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        offset += 1
        try parseEscape(into: &text)
      case 0..<0x20:
        throw error("expected '\"' to close the string but found a control character")
      default:
        text.append(byte)
        offset += 1
      }
    }
  }

  private mutating func parseEscape(into text: inout [UInt8]) throws(JSONSyntaxError) {
    guard let escaped = peek() else { throw error("expected an escape after '\\'") }
    offset += 1
    switch escaped {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
    case UInt8(ascii: "b"): text.append(0x08)
    case UInt8(ascii: "f"): text.append(0x0C)
    case UInt8(ascii: "n"): text.append(0x0A)
    case UInt8(ascii: "r"): text.append(0x0D)
    case UInt8(ascii: "t"): text.append(0x09)
    case UInt8(ascii: "u"):
      var code = try hexQuad()
      // A high surrogate followed by an escaped low one is one scalar beyond the BMP.
      if (0xD800..<0xDC00).contains(code), bytes[offset...].starts(with: Array("\\u".utf8)) {
        let saved = offset
        offset += 2
        let low = try hexQuad()
        if (0xDC00..<0xE000).contains(low) {
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else {
          offset = saved
        }
      }
      let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
      text.append(contentsOf: Array(String(Character(scalar)).utf8))
    default:
      offset -= 1
      throw error("expected a valid escape but found '\\\(Character(Unicode.Scalar(escaped)))'")
    }
  }

  private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
    var code: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek(), let digit = Self.hexValue(byte) else {
        throw error("expected four hex digits after '\\u'")
      }
      code = code << 4 | digit
      offset += 1
    }
    return code
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }

  /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = offset
    var isWhole = true
    if peek() == UInt8(ascii: "-") { offset += 1 }
    if peek() == UInt8(ascii: "0") {
      offset += 1
    } else if digits() == 0 {
      throw numberError(from: start)
    }
    if peek() == UInt8(ascii: ".") {
      offset += 1
      isWhole = false
      guard digits() > 0 else { throw numberError(from: start) }
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      offset += 1
      isWhole = false
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
      guard digits() > 0 else { throw numberError(from: start) }
    }
    let text = UnsafeBufferPointer(rebasing: bytes[start..<offset])
    if isWhole, text.count <= 20,  // Int.min has 19 digits and a sign
      let value = Int(String(decoding: text, as: UTF8.self))
    {
      return .int(value)
    }
    guard let value = NumberParsing.double(text) else {
      let literal = String(decoding: text, as: UTF8.self)
      offset = start
      throw error("expected a number a Double can hold but found \(literal)")
    }
    return .double(value)
  }

  /// Consumes decimal digits and returns how many there were.
  private mutating func digits() -> Int {
    let start = offset
    while let byte = peek(), (0x30...0x39).contains(byte) { offset += 1 }
    return offset - start
  }

  private mutating func numberError(from start: Int) -> JSONSyntaxError {
    var end = offset
    while end < bytes.count, !Self.isSpace(bytes[end]), !",]}".utf8.contains(bytes[end]) {
      end += 1
    }
    let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    offset = start
    return error("expected a number but found '\(TerminalText.excerpt(literal))'")
  }

  private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    guard bytes[offset...].starts(with: expected) else { throw error("expected '\(word)'") }
    offset += expected.count
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
    guard peek() == byte else { throw error("expected \(what) but found \(describeNext())") }
    offset += 1
  }

  private mutating func skipSpace() {
    while offset < bytes.count, Self.isSpace(bytes[offset]) {
      if bytes[offset] == 0x0A { line += 1 }
      offset += 1
    }
  }

  @inline(__always)
  private func peek() -> UInt8? {
    offset < bytes.count ? bytes[offset] : nil
  }

  @inline(__always)
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// An error at the current position.
  private func error(_ message: String) -> JSONSyntaxError {
    let position = TextPosition(ofByteOffset: offset, in: bytes)
    return JSONSyntaxError(line: position.line, column: position.column, message: message)
  }

  private func describeNext() -> String {
    peek().map(describe) ?? "the end of the file"
  }

  private func describe(_ byte: UInt8) -> String {
    if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return String(format: "byte 0x%02X", byte)
  }
}
