/// How many terminal cells text takes, and text cut to fit a width.
///
/// A terminal draws most characters in one cell, East Asian wide characters and emoji in two,
/// and combining marks in none (they join the character before). A character here is a
/// grapheme cluster, so an accented letter or a flag is never cut in two.
public enum TerminalCells {
  /// The cells `character` takes: 0, 1 or 2.
  public static func width(of character: Character) -> Int {
    var width = 0
    for scalar in character.unicodeScalars {
      width = max(width, cells(of: scalar))
    }
    return width
  }

  /// The cells `text` takes.
  public static func width(of text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  /// `text` cut to at most `width` cells, ending in `…` when something was cut.
  public static func fit(_ text: some StringProtocol, width: Int) -> String {
    guard width > 0 else { return "" }
    guard self.width(of: text) > width else { return String(text) }
    var result = ""
    var used = 0
    for character in text {
      let cells = self.width(of: character)
      if used + cells > width - 1 { break }
      result.append(character)
      used += cells
    }
    return result + "…"
  }

  /// `text` fitted to exactly `width` cells: cut, or padded with spaces on the right (or on
  /// the left when `isRightAligned`).
  public static func pad(
    _ text: some StringProtocol,
    width: Int,
    isRightAligned: Bool = false
  )
    -> String
  {
    let fitted = fit(text, width: width)
    let padding = String(repeating: " ", count: max(0, width - self.width(of: fitted)))
    return isRightAligned ? padding + fitted : fitted + padding
  }

  private static func cells(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200D || (0xFE00...0xFE0F).contains(value) { return 0 }
    if scalar.properties.isEmojiPresentation { return 2 }
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }
}
