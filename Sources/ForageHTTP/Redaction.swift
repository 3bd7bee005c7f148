import ForageSupport
import Foundation
import Synchronization

/// Removes API keys and credentials from anything that could be shown: messages, errors, logs.
///
/// Four things are redacted, case-insensitively, wherever they appear in a text:
/// - the user name and password of a URL (`https://user:pass@host/` becomes
///   `https://REDACTED@host/`);
/// - the value of a credential query parameter: a name whose last word (after `_`, `-`, `.` or
///   a capital) is `key`, `token`, `secret`, `password`, `passwd`, `pwd`, `signature`, `sig`,
///   `auth`, `credential` or `session`, or a run-together credential name such as `apikey`
///   (`key=`, `api_key=`, `apiKey=`, `access_token=`, `X-Amz-Signature=`; not `monkey=` or
///   `pagetoken=`);
/// - the value after a credential header name (`X-Goog-Api-Key: ...`, `Authorization: ...`),
///   also in JSON form (`"X-Goog-Api-Key":"..."`);
/// - anything shaped like a Google API key (`AIza` and 35 more characters, in any case).
///
/// Each becomes ``placeholder``. So does every secret a program registered with
/// ``registerSecret(_:)`` (a URL's password, an API key), wherever it appears, in any case,
/// percent-encoded or escaped in JSON: a server that echoes one back in an error message
/// cannot make it shown.
public enum Redaction {
  /// What a redacted value reads as.
  public static let placeholder = "REDACTED"

  /// The last words of query parameter names whose values are secrets, ignoring case.
  public static let secretQueryWords: Set<String> = [
    "key", "token", "secret", "password", "passwd", "pwd", "signature", "sig", "auth",
    "credential", "credentials", "session", "sessionid", "apikey",
  ]

  /// Credential names written as one word, ignoring case.
  public static let secretQueryNames: Set<String> = [
    "apikey", "accesstoken", "authtoken", "refreshtoken", "idtoken", "clientsecret",
    "sessiontoken", "securitytoken", "xapikey", "passwd", "pwd",
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

  /// The secrets registered, redacted wherever they appear.
  private static let secrets = Mutex<Set<String>>([])

  /// The shortest secret replaced wherever it appears: a shorter one would redact parts of
  /// ordinary words (`ranREDACTEDby`) and so tell what it is. Short secrets are still redacted
  /// where they stand as credentials (`key=`, a URL's user info, a key header).
  public static let shortestSecretFound = 6

  /// Makes every later ``redact(_:)`` remove `secret` (and its percent-encoded form) wherever
  /// it appears. For values the user gave as secrets: an API key, a URL's password.
  public static func registerSecret(_ secret: String) {
    guard secret.count >= shortestSecretFound else { return }
    _ = secrets.withLock { $0.insert(secret) }
  }

  /// Registers the credentials of a URL: its password, its user and password together, and
  /// the `Basic` authorization token they make.
  public static func registerSecrets(of url: URL) {
    guard let password = url.password(percentEncoded: false), !password.isEmpty else { return }
    registerSecret(password)
    let user = url.user(percentEncoded: false) ?? ""
    registerSecret("\(user):\(password)")
    registerSecret(Data("\(user):\(password)".utf8).base64EncodedString())
  }

  /// `text` with every occurrence of `secret` replaced by ``placeholder``, in any case and as
  /// a server may echo it: raw, percent-encoded, or escaped in a JSON string; unchanged for a
  /// secret shorter than ``shortestSecretFound``.
  public static func removing(_ secret: String, from text: String) -> String {
    guard secret.count >= shortestSecretFound else { return text }
    var result = text
    // The longest first, so that no form is left in part.
    let forms = Set([secret, QueryString.encode(secret)] + jsonForms(of: secret))
    for form in forms.sorted(by: { $0.count > $1.count }) {
      result = result.replacingOccurrences(
        of: form,
        with: placeholder,
        options: .caseInsensitive
      )
    }
    return result
  }

  /// How a JSON string may write `text` (``ForageSupport/JSONOutput``'s escapes, without the
  /// quotes), its slashes escaped or not.
  static func jsonForms(of text: String) -> [String] {
    var output = JSONOutput()
    output.writeString(text)
    let escaped = String(output.text.dropFirst().dropLast())
    return [escaped, escaped.replacingOccurrences(of: "/", with: "\\/")]
  }

  /// A text with every secret redacted.
  public static func redact(_ text: String) -> String {
    var output = text
    for secret in secrets.withLock({ $0 }) { output = removing(secret, from: output) }
    output = redactUserInfo(in: output)
    output = redactQueryValues(in: output)
    output = redactHeaderValues(in: output)
    // The regex is the costly part; most texts (an empty request body) cannot match it.
    guard output.range(of: "AIza", options: .caseInsensitive) != nil else { return output }
    output = output.replacing(#/(?i)AIza[0-9A-Za-z_\-]{35}/#) { _ in placeholder }
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
    if secretQueryNames.contains(name.lowercased()) { return true }
    // The last word: after the last separator, or from the last capital after a small letter.
    var word = ""
    var previous: Character?
    for character in name {
      if character == "_" || character == "-" || character == "." {
        word = ""
      } else if character.isUppercase, previous?.isLowercase == true {
        word = String(character)
      } else {
        word.append(character)
      }
      previous = character
    }
    return secretQueryWords.contains(word.lowercased())
  }

  private static func alternatives(_ names: Set<String>) -> String {
    names.sorted { $0.count > $1.count }
      .map { NSRegularExpression.escapedPattern(for: $0) }
      .joined(separator: "|")
  }

  /// `scheme://user:password@` becomes `scheme://REDACTED@`.
  private static func redactUserInfo(in text: String) -> String {
    guard text.contains("://"), text.contains("@") else { return text }
    let pattern = "(?i)([a-z][a-z0-9+.-]*://)[^/?#\\s@\"'<>]*@"
    return replacingMatches(of: pattern, in: text) { match in
      "\(match.output[1].substring ?? "")\(placeholder)@"
    }
  }

  /// `name=value` pairs whose name is a credential's, or whose value looks like a token.
  private static func redactQueryValues(in text: String) -> String {
    guard text.contains("=") else { return text }
    let pattern = "(^|[^A-Za-z0-9_.-])([A-Za-z0-9_.-]+)=([^&;\\s\"'#<>]+)"
    return replacingMatches(of: pattern, in: text) { match in
      let lead = match.output[1].substring ?? ""
      let name = match.output[2].substring ?? ""
      guard isSecretQueryName(String(name)) else {
        return String(match.output[0].substring ?? "")
      }
      return "\(lead)\(name)=\(placeholder)"
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
