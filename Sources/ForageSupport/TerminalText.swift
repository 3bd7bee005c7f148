/// Text from files or the network made safe to show in a terminal.
///
/// A place name or a server's message can hold escape sequences that retitle, clear or
/// rewrite the user's terminal, or characters that reorder what is shown. Human formats (tables,
/// stories, messages, logs) pass such text through ``escaped(_:keepingTabs:)``; JSON is escaped
/// by its own rules instead.
public enum TerminalText {
  /// The text with every character that is not shown as itself escaped as `\u{…}`: C0 and C1
  /// controls (ESC, BEL, CR, LF, NUL, …), DEL, the line and paragraph separators, and the
  /// bidirectional embeddings, overrides and isolates.
  ///
  /// - Parameters:
  ///   - text: The untrusted text.
  ///   - keepingTabs: Whether tabs stay as they are (in messages) or are escaped too (in
  ///     table cells, where they would break the columns).
  public static func escaped(_ text: String, keepingTabs: Bool = true) -> String {
    guard text.unicodeScalars.contains(where: { needsEscape($0, keepingTabs: keepingTabs) }) else {
      return text
    }
    var result = ""
    for scalar in text.unicodeScalars {
      if needsEscape(scalar, keepingTabs: keepingTabs) {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether a scalar must not reach a terminal as it is.
  private static func needsEscape(_ scalar: Unicode.Scalar, keepingTabs: Bool) -> Bool {
    if scalar == "\t" { return !keepingTabs }
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x2028, 0x2029: return true
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
    default: return false
    }
  }
}
