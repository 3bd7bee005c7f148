import Foundation

/// The notices an API's answers carry about their data (Google's `html_attributions`, Places API
/// (New)'s per-place `attributions`, Overpass's `osm3s.copyright`), as plain text for every
/// output.
///
/// Google's notices are HTML fragments such as `Listings by <a href="https://…">Yellow
/// Pages</a>`. Forage writes text, not HTML, so a link becomes its text followed by its address
/// in parentheses, other tags are removed, the five common entities and numeric references are
/// decoded, control characters dropped and runs of white space made one space. The map writer
/// escapes the result again like any other text, so a hostile notice cannot inject markup.
public enum AttributionNotice {
  /// The longest notice kept, in characters: a notice is a line, not a document.
  public static let maximumLength = 500

  /// OpenStreetMap's one notice, as its attribution guidelines ask: the copyright, the licence,
  /// and where to read both.
  public static let openStreetMap =
    "© OpenStreetMap contributors, ODbL 1.0, https://www.openstreetmap.org/copyright"

  /// The notice a run writes for `notice`, so that each source is named once: any notice that
  /// names OpenStreetMap (a dataset's own, the Overpass provider's, an answer's
  /// `osm3s.copyright`) is ``openStreetMap``; any other is written as it is.
  public static func bySource(_ notice: String) -> String {
    notice.range(of: "openstreetmap", options: .caseInsensitive) == nil ? notice : openStreetMap
  }

  /// The plain text of an HTML notice, or `nil` when nothing readable is left.
  public static func plainText(html: String) -> String? {
    var text = ""
    var rest = Substring(html)
    var pendingLink: String?
    while let open = rest.firstIndex(of: "<") {
      text += decodeEntities(rest[..<open])
      guard let close = rest[open...].firstIndex(of: ">") else {
        // An unclosed `<` is text.
        text += decodeEntities(rest[open...])
        rest = rest[rest.endIndex...]
        break
      }
      let tag = rest[rest.index(after: open)..<close]
      let name = tag.prefix { $0.isLetter || $0 == "/" }.lowercased()
      if name == "a" {
        pendingLink = attribute("href", in: tag).map { decodeEntities($0[...]) }
      } else if name == "/a", let link = pendingLink {
        if !link.isEmpty, !text.hasSuffix(link) { text += " (\(link))" }
        pendingLink = nil
      }
      rest = rest[rest.index(after: close)...]
    }
    text += decodeEntities(rest)
    return normalised(text)
  }

  /// A notice made of a provider's name and its address (Places API (New)'s `attributions`).
  public static func plainText(provider: String?, uri: String?) -> String? {
    let name = provider.flatMap { normalised($0) }
    let link = uri.flatMap { normalised($0) }
    switch (name, link) {
    case (let name?, let link?): return normalised("\(name) (\(link))")
    case (let name?, nil): return name
    case (nil, let link?): return link
    case (nil, nil): return nil
    }
  }

  /// Plain text with control characters removed and white space collapsed, clipped to
  /// ``maximumLength``; `nil` when empty.
  public static func normalised(_ text: String) -> String? {
    var scalars = String.UnicodeScalarView()
    var lastWasSpace = true
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace {
        if !lastWasSpace { scalars.append(" ") }
        lastWasSpace = true
      } else if scalar.properties.generalCategory == .control
        || scalar.properties.generalCategory == .format
      {
        continue
      } else {
        scalars.append(scalar)
        lastWasSpace = false
      }
    }
    var result = String(scalars)
    if result.hasSuffix(" ") { result.removeLast() }
    if result.count > maximumLength { result = String(result.prefix(maximumLength - 1)) + "…" }
    return result.isEmpty ? nil : result
  }

  /// The value of `name="…"` (or single-quoted) in a tag's text.
  private static func attribute(_ name: String, in tag: Substring) -> Substring? {
    var rest = tag
    while let range = rest.range(of: name, options: .caseInsensitive) {
      var after = rest[range.upperBound...].drop { $0 == " " }
      guard after.first == "=" else {
        rest = rest[range.upperBound...]
        continue
      }
      after = after.dropFirst().drop { $0 == " " }
      guard let quote = after.first, quote == "\"" || quote == "'" else {
        return after.prefix { $0 != " " && $0 != ">" }
      }
      let value = after.dropFirst()
      return value.prefix { $0 != quote }
    }
    return nil
  }

  /// Decodes `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric references;
  /// anything else stays as written.
  private static func decodeEntities(_ text: Substring) -> String {
    guard text.contains("&") else { return String(text) }
    var result = ""
    var rest = text
    while let amp = rest.firstIndex(of: "&") {
      result += rest[..<amp]
      let candidate = rest[amp...].prefix(12)
      guard let semicolon = candidate.firstIndex(of: ";") else {
        result += "&"
        rest = rest[rest.index(after: amp)...]
        continue
      }
      let entity = rest[rest.index(after: amp)..<semicolon]
      if let decoded = decode(entity) {
        result.unicodeScalars.append(decoded)
        rest = rest[rest.index(after: semicolon)...]
      } else {
        result += "&"
        rest = rest[rest.index(after: amp)...]
      }
    }
    return result + rest
  }

  /// The character an entity's name (between `&` and `;`) stands for.
  private static func decode(_ entity: Substring) -> Unicode.Scalar? {
    switch entity {
    case "amp": return "&"
    case "lt": return "<"
    case "gt": return ">"
    case "quot": return "\""
    case "apos", "#39": return "'"
    case "nbsp": return " "
    default:
      guard entity.first == "#" else { return nil }
      let digits = entity.dropFirst()
      let value =
        digits.first == "x" || digits.first == "X"
        ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      return value.flatMap(Unicode.Scalar.init)
    }
  }
}
