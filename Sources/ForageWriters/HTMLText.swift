import ForageFinder

/// Text made safe to put inside an HTML page.
///
/// Hand-rolled because the page is the only HTML forage writes and the rule is short: Foundation
/// on Linux has no HTML escaper, and a template library would be a dependency for five characters.
enum HTMLText {
  /// The text with `&`, `<`, `>`, `"` and `'` as character references, and control characters
  /// other than tab and newline (which HTML forbids or the parser mangles) and bidirectional
  /// embedding, override and isolate controls as U+FFFD, so that it
  /// is inert in element content and in quoted attribute values alike: no markup, no script, no
  /// end of a `<title>` or of a CDATA section (`]]>` loses its `>`).
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t", "\n": result.unicodeScalars.append(scalar)
      case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{061C}", "\u{200E}", "\u{200F}",
        "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
        // Bidirectional controls too: a place name must not reverse the text around it.
        result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
