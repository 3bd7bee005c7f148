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
      !isLoopback(host)
    {
      throw ValidationError(
        "\(option) uses http:// to \(host), which is not this machine, and "
          + (hasCredentials ? "its credentials" : "the key") + " would travel in clear; "
          + "use https:// or add --allow-insecure-http"
      )
    }
    return url
  }

  /// Whether a URL's host is this machine: `localhost`, or a literal loopback address
  /// (127.0.0.0/8, `::1`). A name such as `127.0.0.1.example.com` is not: DNS decides where
  /// it goes.
  static func isLoopback(_ host: String) -> Bool {
    let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
    if bare == "localhost" { return true }
    var ipv4 = in_addr()
    if inet_pton(AF_INET, bare, &ipv4) == 1 {
      return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127
    }
    var ipv6 = in6_addr()
    if inet_pton(AF_INET6, bare, &ipv6) == 1 {
      return withUnsafeBytes(of: &ipv6) { $0.elementsEqual([UInt8](repeating: 0, count: 15) + [1]) }
    }
    return false
  }

  /// Whether the URL's authority ends in a colon with no port after it (`http://host:/`).
  private static func hasEmptyPort(_ text: String) -> Bool {
    guard let start = text.range(of: "://")?.upperBound else { return false }
    let authority = text[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    return authority.hasSuffix(":")
  }
}
