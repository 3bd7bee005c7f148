/// Text from files or the network made safe to show in a terminal.
///
/// A place name or a server's message can hold escape sequences that retitle, clear or
/// rewrite the user's terminal, or characters that reorder what is shown. Human formats (tables,
/// stories, messages, logs) pass such text through ``escaped(_:keepingTabs:limit:)``, and messages
/// quote values through ``excerpt(_:around:width:)``; JSON is escaped by its own rules instead.
public enum TerminalText {
  /// The text with every character that is not shown as itself escaped as `\u{…}`: C0 and C1
  /// controls (ESC, BEL, CR, LF, NUL, …), DEL, the line and paragraph separators, and the
  /// bidirectional embeddings, overrides and isolates.
  ///
  /// - Parameters:
  ///   - text: The untrusted text.
  ///   - keepingTabs: Whether tabs stay as they are (in messages) or are escaped too (in
  ///     table cells, where they would break the columns).
  ///   - limit: The most Unicode scalars the result may have. Longer text keeps its start (two
  ///     thirds) and its end, around `…[N characters left out]…`, where N counts the scalars
  ///     of `text` left out; no escape is cut in two.
  public static func escaped(
    _ text: String,
    keepingTabs: Bool = true,
    limit: Int = .max
  ) -> String {
    let scalars = text.unicodeScalars
    if limit == .max || scalars.count <= limit / escapeWidth {
      guard scalars.contains(where: { needsEscape($0, keepingTabs: keepingTabs) }) else {
        return text
      }
    }
    var result = ""
    var width = 0
    for scalar in scalars {
      let shown = self.shown(scalar, keepingTabs: keepingTabs)
      width += shown.unicodeScalars.count
      guard width <= limit else { return elided(text, keepingTabs: keepingTabs, limit: limit) }
      result += shown
    }
    return result
  }

  /// The most Unicode scalars of a message line on standard error: a value from a file or the
  /// network (a megabyte of opening hours) is shown by its start and end.
  ///
  /// Room for forage's own longest line (a refused key quoting the API's reason, then what to
  /// set), while untrusted values in it are quoted as ``excerpt(_:around:width:)``s.
  public static let messageLimit = 600

  /// A short excerpt of untrusted text, escaped, to quote in a message: the characters around
  /// `position` (one-based, in Unicode scalars), or the start, with `…` where the text goes on.
  ///
  /// - Parameters:
  ///   - text: The untrusted text.
  ///   - position: Where the message's problem is, or `nil` for the start.
  ///   - width: The most Unicode scalars of `text` quoted.
  public static func excerpt(
    _ text: String,
    around position: Int? = nil,
    width: Int = 40
  )
    -> String
  {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count > width else { return escaped(text) }
    let centre = min(max((position ?? 1) - 1, 0), scalars.count)
    // Near the start, the excerpt is the start.
    let start =
      centre < width * 3 / 4 ? 0 : max(0, min(centre - width / 2, scalars.count - width))
    let end = min(scalars.count, start + width)
    var quoted = String.UnicodeScalarView()
    quoted.append(contentsOf: scalars[start..<end])
    return (start > 0 ? "…" : "") + escaped(String(quoted)) + (end < scalars.count ? "…" : "")
  }

  /// The message with each of `values` longer than `width` that it holds in full (a long
  /// command-line value that ArgumentParser echoes back) replaced by its
  /// ``excerpt(_:around:width:)``, so a short line still shows the words around it.
  ///
  /// - Parameters:
  ///   - values: The untrusted values the message may quote, such as the command line's words.
  ///   - message: The message.
  ///   - width: The most Unicode scalars of a value quoted.
  public static func excerpting(
    _ values: [String],
    in message: String,
    width: Int = 40
  )
    -> String
  {
    var message = message
    for value in values where value.unicodeScalars.count > width && message.contains(value) {
      message = message.replacing(value, with: excerpt(value, width: width))
    }
    return message
  }

  /// The widest a scalar is shown: `\u{10ffff}`.
  private static let escapeWidth = 9

  /// The text that shows `scalar`: itself, or its `\u{…}` escape. (Strings, not scalar views:
  /// appending a sequence to a `String.UnicodeScalarView` copies the whole view each time.)
  private static func shown(_ scalar: Unicode.Scalar, keepingTabs: Bool) -> String {
    guard needsEscape(scalar, keepingTabs: keepingTabs) else { return String(scalar) }
    return "\\u{\(String(scalar.value, radix: 16))}"
  }

  /// Text too long for `limit` once escaped: its start and end around a note of how much is
  /// left out.
  private static func elided(_ text: String, keepingTabs: Bool, limit: Int) -> String {
    let scalars = Array(text.unicodeScalars)
    // The note's widest form, with every digit a count can have.
    let room = max(0, limit - "…[\(scalars.count) characters left out]…".unicodeScalars.count)
    var head = ""
    var headCount = 0
    var used = 0
    while headCount < scalars.count {
      let shown = self.shown(scalars[headCount], keepingTabs: keepingTabs)
      guard used + shown.unicodeScalars.count <= room * 2 / 3 else { break }
      head += shown
      used += shown.unicodeScalars.count
      headCount += 1
    }
    var tail: [String] = []
    var tailCount = 0
    while headCount + tailCount < scalars.count {
      let shown = self.shown(scalars[scalars.count - 1 - tailCount], keepingTabs: keepingTabs)
      guard used + shown.unicodeScalars.count <= room else { break }
      tail.append(shown)
      used += shown.unicodeScalars.count
      tailCount += 1
    }
    let left = scalars.count - headCount - tailCount
    return head + "…[\(left) characters left out]…" + tail.reversed().joined()
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
