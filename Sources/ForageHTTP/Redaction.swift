import Foundation

/// Removes API keys and credentials from anything that could be shown: messages, errors, logs.
///
/// Three things are redacted, case-insensitively, wherever they appear in a text:
/// - the value of a credential query parameter (`key=`, `api_key=`, `access_token=`, ...);
/// - the value after a credential header name (`X-Goog-Api-Key: ...`, `Authorization: ...`),
///   also in JSON form (`"X-Goog-Api-Key":"..."`);
/// - anything shaped like a Google API key (`AIza` and 35 more characters).
///
/// Each becomes ``placeholder``.
public enum Redaction {
  /// What a redacted value reads as.
  public static let placeholder = "REDACTED"

  /// Query parameter names whose values are secrets.
  public static let secretQueryNames: Set<String> = [
    "key", "api_key", "apikey", "access_token", "client_secret", "signature", "password",
  ]

  /// Header names whose values are secrets.
  public static let secretHeaderNames: Set<String> = [
    "x-goog-api-key", "authorization", "proxy-authorization", "x-api-key", "cookie",
    "set-cookie",
  ]

  /// A URL as text with secret query values redacted.
  public static func redact(_ url: URL) -> String {
    redact(url.absoluteString)
  }

  /// A text with every secret redacted.
  public static func redact(_ text: String) -> String {
    var output = redactQueryValues(in: text)
    output = redactHeaderValues(in: output)
    // The regex is the costly part; most texts (an empty request body) cannot match it.
    guard output.contains("AIza") else { return output }
    output = output.replacing(#/AIza[0-9A-Za-z_\-]{35}/#) { _ in placeholder }
    return output
  }

  /// Header fields with the values of secret headers redacted.
  public static func redact(
    headers: [(name: String, value: String)]
  ) -> [(name: String, value: String)] {
    headers.map { (name: $0.name, value: isSecretHeader($0.name) ? placeholder : $0.value) }
  }

  /// Whether a header name carries a credential.
  public static func isSecretHeader(_ name: String) -> Bool {
    secretHeaderNames.contains(name.lowercased())
  }

  /// Whether a query parameter name carries a credential.
  public static func isSecretQueryName(_ name: String) -> Bool {
    secretQueryNames.contains(name.lowercased())
  }

  private static func alternatives(_ names: Set<String>) -> String {
    names.sorted { $0.count > $1.count }
      .map { NSRegularExpression.escapedPattern(for: $0) }
      .joined(separator: "|")
  }

  private static func redactQueryValues(in text: String) -> String {
    guard text.contains("=") else { return text }
    let pattern = "(?i)(^|[^A-Za-z0-9_])(\(alternatives(secretQueryNames)))=([^&\\s\"'#<>]+)"
    return replacingMatches(of: pattern, in: text) { match in
      "\(match.output[1].substring ?? "")\(match.output[2].substring ?? "")=\(placeholder)"
    }
  }

  private static func redactHeaderValues(in text: String) -> String {
    guard text.contains(":") else { return text }
    let pattern =
      "(?i)(^|[^A-Za-z0-9_-])(\"?)(\(alternatives(secretHeaderNames)))(\"?[ \\t]*:[ \\t]*\"?)([^\"\\r\\n,}]+)"
    return replacingMatches(of: pattern, in: text) { match in
      let kept = (1...4).map { match.output[$0].substring ?? "" }.joined()
      return kept + placeholder
    }
  }

  /// Replaces every match of `pattern`, or the whole text when the pattern does not compile
  /// (the tests would show it): a key is never let through because a pattern failed.
  ///
  /// `Regex` is not `Sendable` on Linux, so the pattern cannot be a compiled static constant.
  private static func replacingMatches(
    of pattern: String,
    in text: String,
    with replacement: (Regex<AnyRegexOutput>.Match) -> String
  ) -> String {
    guard let regex = try? Regex(pattern) else { return placeholder }
    return text.replacing(regex, with: replacement)
  }
}
