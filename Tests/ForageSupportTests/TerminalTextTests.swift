import ForageSupport
import Testing

/// `TerminalText` bounds what it shows: at every limit and size, escapes are whole, controls never
/// raw, and the start and end of the text stay.
@Suite struct TerminalTextTests {
  /// Text of `size` scalars: plain letters with a control, a C1 control and a bidirectional
  /// override every `every` scalars.
  static func text(_ size: Int, every: Int) -> String {
    var scalars = String.UnicodeScalarView()
    for index in 0..<size {
      if every > 0, index % every == every - 1 {
        scalars.append(["\u{1b}", "\u{9b}", "\u{202e}", "\u{7}"][index / every % 4])
      } else {
        scalars.append(Unicode.Scalar(UInt8(ascii: "a") + UInt8(index % 26)))
      }
    }
    return String(scalars)
  }

  static func isRaw(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
      || (0x202A...0x202E).contains(scalar.value)
  }

  @Test(arguments: [40, 80, 120, 300], [1, 10, 299, 300, 301, 1_000, 100_000, 1 << 20])
  func escapedTextIsAtMostTheLimit(_ limit: Int, _ size: Int) {
    for every in [0, 1, 2, 7] {
      let text = Self.text(size, every: every)
      let shown = TerminalText.escaped(text, limit: limit)
      #expect(shown.unicodeScalars.count <= limit, "\(size) every \(every)")
      #expect(!shown.unicodeScalars.contains(where: Self.isRaw), "\(size) every \(every)")
      let full = TerminalText.escaped(text)
      if full.unicodeScalars.count <= limit {
        #expect(shown == full)
      } else {
        // The start and the end are shown as escaped alone shows them.
        guard let note = shown.firstRange(of: "…[") else {
          Issue.record("\(size) every \(every): no note in \(shown)")
          continue
        }
        #expect(full.hasPrefix(shown[..<note.lowerBound]))
        let tail = shown.split(separator: "]…", omittingEmptySubsequences: false).last ?? ""
        #expect(full.hasSuffix(tail))
        #expect(shown.contains("characters left out]…"))
      }
    }
  }

  @Test(arguments: [1, 10, 100, 5_000, 1 << 20])
  func anExcerptIsShortAndAroundItsPosition(_ size: Int) {
    let text = Self.text(size, every: 5)
    for position in [1, size / 2, size, size + 10] {
      let quoted = TerminalText.excerpt(text, around: position)
      #expect(quoted.unicodeScalars.count <= 40 * 9 + 2)
      #expect(!quoted.unicodeScalars.contains(where: Self.isRaw))
      #expect(TerminalText.excerpt(text).unicodeScalars.count <= 40 * 9 + 2)
    }
    let marked = String(repeating: "x", count: size) + "HERE" + String(repeating: "y", count: size)
    #expect(TerminalText.excerpt(marked, around: size + 1).contains("HERE"))
  }
}
