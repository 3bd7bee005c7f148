/// Removes credentials from what the journal stores.
enum JournalRedaction {
  /// What a redacted value reads as.
  static let placeholder = "REDACTED"

  /// Query parameter names whose values are credentials (compared case-insensitively).
  static let secretQueryNames: Set<String> = [
    "key", "api_key", "apikey", "access_token", "client_secret", "signature", "password",
  ]

  /// Header names whose values are credentials (compared case-insensitively).
  static let secretHeaderNames: Set<String> = [
    "x-goog-api-key", "authorization", "proxy-authorization", "x-api-key", "cookie",
  ]

  /// The value to record for a query parameter.
  static func queryValue(name: String, value: String) -> String {
    secretQueryNames.contains(name.lowercased()) ? placeholder : value
  }

  /// The value to record for a header.
  static func headerValue(name: String, value: String) -> String {
    secretHeaderNames.contains(name.lowercased()) ? placeholder : value
  }

  /// Text with every `name=value` pair whose name is a secret query name redacted.
  static func text(_ text: String) -> String {
    guard text.contains("=") else { return text }
    var output = ""
    var remaining = Substring(text)
    while let equals = remaining.firstIndex(of: "=") {
      let before = remaining[..<equals]
      let nameStart =
        before.lastIndex { !($0.isLetter || $0.isNumber || $0 == "_") }.map {
          before.index(after: $0)
        } ?? before.startIndex
      let name = before[nameStart...]
      output += remaining[...equals]
      remaining = remaining[remaining.index(after: equals)...]
      if secretQueryNames.contains(name.lowercased()) {
        let end =
          remaining.firstIndex { $0 == "&" || $0 == " " || $0 == "\"" || $0 == "\n" }
          ?? remaining.endIndex
        output += placeholder
        remaining = remaining[end...]
      }
    }
    return output + remaining
  }
}
