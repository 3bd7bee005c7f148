/// Scrubs API keys out of text before it reaches an error, a log line or a recording.
public enum Redaction {
  /// The replacement for a removed secret.
  public static let placeholder = "REDACTED"

  /// Removes secrets from a text.
  ///
  /// Replaces each secret (raw or percent-encoded), the value of every `key=` query parameter,
  /// and the value of `X-Goog-Api-Key` and `Authorization` headers.
  ///
  /// - Parameters:
  ///   - text: The text to scrub.
  ///   - secrets: Known secret values; empty strings are ignored.
  /// - Returns: The scrubbed text.
  public static func redact(_ text: String, secrets: [String] = []) -> String {
    var result = text
    for secret in secrets where !secret.isEmpty {
      result = result.replacingOccurrences(of: secret, with: placeholder)
      let encoded = QueryEncoding.encode(secret)
      if encoded != secret {
        result = result.replacingOccurrences(of: encoded, with: placeholder)
      }
    }
    result = result.replacing(/(?i)([?&;]key=)[^&\s"'#<>]+/) { match in
      "\(match.output.1)\(placeholder)"
    }
    result = result.replacing(/(?i)((?:x-goog-api-key|authorization)\s*:\s*)[^\r\n,"]+/) {
      match in "\(match.output.1)\(placeholder)"
    }
    return result
  }
}
