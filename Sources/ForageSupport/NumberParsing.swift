import Foundation

/// Fast, allocation-free parsers for the decimal numbers track and JSON files are made of.
public enum NumberParsing {
  private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

  /// Parses a decimal number such as `-45.380593557`, `1.2e3` or ` 75 ` (spaces are trimmed).
  ///
  /// Numbers of up to 15 significant digits are converted exactly (one correctly rounded
  /// division); longer ones fall back to `strtod`.
  ///
  /// - Returns: The value, or `nil` when the bytes are not a number.
  public static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var start = 0
    var end = bytes.count
    while start < end, isBlank(bytes[start]) { start += 1 }
    while end > start, isBlank(bytes[end - 1]) { end -= 1 }
    guard start < end else { return nil }
    var index = start
    var negative = false
    if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    var sawDigit = false
    var sawPoint = false
    while index < end {
      let byte = bytes[index]
      if byte >= 0x30, byte <= 0x39 {
        sawDigit = true
        if mantissa == 0, byte == 0x30, !sawPoint {
          index += 1
          continue
        }
        digits += 1
        if digits > 18 { return slow(bytes, start, end) }
        mantissa = mantissa &* 10 &+ UInt64(byte - 0x30)
        if sawPoint { fractionDigits += 1 }
      } else if byte == UInt8(ascii: "."), !sawPoint {
        sawPoint = true
      } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        return sawDigit ? slow(bytes, start, end) : nil
      } else {
        return nil
      }
      index += 1
    }
    guard sawDigit else { return nil }
    guard mantissa < (1 << 53), fractionDigits <= 22 else { return slow(bytes, start, end) }
    let value = Double(mantissa) / powersOfTen[fractionDigits]
    return negative ? -value : value
  }

  /// Parses a decimal number from a string.
  public static func double(_ text: some StringProtocol) -> Double? {
    var copy = String(text)
    return copy.withUTF8 { double($0) }
  }

  /// Parses a non-negative or negative integer, trimming spaces.
  public static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let value = double(bytes), value.rounded() == value, abs(value) < 1e15 else { return nil }
    return Int(value)
  }

  private static func slow(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double?
  {
    var text = [CChar](repeating: 0, count: end - start + 1)
    for index in start..<end { text[index - start] = CChar(bitPattern: bytes[index]) }
    return text.withUnsafeBufferPointer { pointer -> Double? in
      var stop: UnsafeMutablePointer<CChar>?
      let value = strtod(pointer.baseAddress!, &stop)
      guard let stop, stop == UnsafeMutablePointer(mutating: pointer.baseAddress! + (end - start))
      else { return nil }
      return value.isFinite ? value : nil
    }
  }

  /// Whether a byte is white space around a number (space, tab, CR, LF).
  @inline(__always)
  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
