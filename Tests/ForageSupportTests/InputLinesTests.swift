import ForageSupport
import Foundation
import Testing

/// ``InputLines`` gives the lines splitting the whole text would give, from a file or from
/// memory, whatever the lines' lengths against its chunks; UTF-16 reads as UTF-8.
@Suite struct InputLinesTests {
  /// Every line of an input.
  static func lines(of input: InputLines) throws -> [[UInt8]] {
    var lines: [[UInt8]] = []
    while let line = try input.next() { lines.append([UInt8](line)) }
    return lines
  }

  /// The lines splitting the whole text gives.
  static func split(_ text: [UInt8]) -> [[UInt8]] {
    text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
  }

  /// Texts of growing size: lines of every length around the 64 KiB chunk, empty lines, a
  /// last line with and without its newline, CR, NUL and bytes that are not UTF-8.
  static var texts: [[UInt8]] {
    var random = SplitMix64(seed: 35)
    var texts: [[UInt8]] = [[], Array("\n".utf8), Array("a".utf8), Array("a\n".utf8)]
    texts.append(Array("\n\n\r\n\0\n".utf8) + [0xFF, 0xFE, 0x0A, 0x80])
    for size in [10, 1_000, 70_000, 300_000, 2_000_000] {
      var text: [UInt8] = []
      while text.count < size {
        let length = [0, 1, 65_535, 65_536, 65_537, 131_072].randomElement(using: &random)!
        let cut = Int(random.next() % UInt64(max(length, 1) + 1))
        text += [UInt8](repeating: UInt8(ascii: "x"), count: min(length, cut + 1))
        text.append(UInt8(ascii: "\n"))
      }
      texts.append(text)
      texts.append(Array(text.dropLast()) + Array("tail".utf8))
    }
    return texts
  }

  @Test func givesTheLinesASplitGivesFromAFileAndFromMemory() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "input-lines-\(UUID().uuidString)"
    )
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (index, text) in Self.texts.enumerated() {
      let file = directory.appendingPathComponent("\(index).txt")
      try Data(text).write(to: file)
      let expected = Self.split(text)
      #expect(try Self.lines(of: InputLines(path: file.path)) == expected, "text \(index)")
      #expect(try Self.lines(of: InputLines(bytes: text, name: "m")) == expected, "text \(index)")
    }
  }

  @Test func readsUTF16AsUTF8() throws {
    let text = "{\"a\":\"é\"}\n😀\nlast"
    for (mark, units) in [
      ([0xFF, 0xFE] as [UInt8], { (unit: UInt16) in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }),
      ([0xFE, 0xFF], { (unit: UInt16) in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }),
    ] {
      let bytes = mark + text.utf16.flatMap(units)
      #expect(
        try Self.lines(of: InputLines(bytes: bytes, name: "m")) == Self.split(Array(text.utf8))
      )
    }
  }

  @Test func namesWhatCannotBeRead() throws {
    let directory = FileManager.default.temporaryDirectory.path
    let missing = "/nonexistent/input-lines-\(UUID().uuidString)"
    #expect(throws: InputFileError(path: missing, reason: "No such file or directory")) {
      try InputLines(path: missing)
    }
    #expect(throws: InputFileError(path: directory, reason: "it is a directory")) {
      try InputLines(path: directory)
    }
    #expect(throws: InputFileError(path: "''", reason: "the file name is empty")) {
      try InputLines(path: "")
    }
  }
}
