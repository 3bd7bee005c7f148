import ArgumentParser
import ForageHTTP
import Foundation

/// Checks a URL given for a service (`--api-base`, `--notify-url`) the same way: http or https
/// with a host, a port from 1 to 65535, and no credentials in clear to another machine.
enum ServiceURL {
  /// The URL `text` names, checked.
  ///
  /// - Parameters:
  ///   - text: The option's value.
  ///   - option: The option's name, for messages.
  ///   - carriesSecrets: Whether requests to it carry a secret even without credentials in the
  ///     URL (an API key): then plain `http://` to another machine needs `allowsInsecureHTTP`.
  ///     Credentials in the URL always need it.
  ///   - allowsQuery: Whether the URL may have a query (forage appends its own to a base).
  ///   - allowsInsecureHTTP: `--allow-insecure-http`.
  /// - Throws: `ValidationError` (exit 64) naming the option, with credentials redacted.
  static func parse(
    _ text: String,
    option: String,
    carriesSecrets: Bool,
    allowsQuery: Bool,
    allowsInsecureHTTP: Bool
  ) throws -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      let host = url.host, !host.isEmpty, scheme == "http" || scheme == "https"
    else {
      throw ValidationError(
        "\(option) must be an http:// or https:// URL, not '\(Redaction.redact(text))'"
      )
    }
    Redaction.registerSecrets(of: url)
    if let port = url.port, !(1...65_535).contains(port) {
      throw ValidationError("\(option) has port \(port); a port is 1 to 65535")
    }
    // `http://127.0.0.1:` names no port, which libcurl would take as the scheme's own.
    if hasEmptyPort(text) {
      throw ValidationError("\(option) has an empty port; a port is 1 to 65535")
    }
    if !allowsQuery, url.query != nil || url.fragment != nil {
      throw ValidationError(
        "\(option) must not have a query (?…) or fragment (#…): forage adds the API's own "
          + "path and query to it; not '\(Redaction.redact(text))'"
      )
    }
    let hasCredentials = url.user != nil || url.password != nil
    if scheme == "http", !allowsInsecureHTTP, carriesSecrets || hasCredentials,
      !LoopbackHost.contains(host)
    {
      throw ValidationError(
        "\(option) uses http:// to \(host), which is not this machine, and "
          + (hasCredentials ? "its credentials" : "the key") + " would travel in clear; "
          + "use https:// or add --allow-insecure-http"
      )
    }
    return url
  }

  /// Whether the URL's authority ends in a colon with no port after it (`http://host:/`).
  private static func hasEmptyPort(_ text: String) -> Bool {
    guard let start = text.range(of: "://")?.upperBound else { return false }
    let authority = text[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    return authority.hasSuffix(":")
  }
}
