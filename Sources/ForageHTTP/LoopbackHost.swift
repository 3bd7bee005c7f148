import Foundation

/// Tells whether a URL's host is this machine, so that forage's own loopback traffic (the
/// in-process mock, `--api-base` or `--notify-url` on this machine) never goes through a proxy
/// named by `http_proxy`, `https_proxy` or `ALL_PROXY`.
public enum LoopbackHost {
  /// Whether `host` is this machine: `localhost` or a name under it (`a.localhost`), with or
  /// without a final dot, or a literal loopback address (127.0.0.0/8 in any spelling libcurl
  /// reads, such as `127.1`; `::1`; `::ffff:127.0.0.1`), with or without brackets. A name such
  /// as `127.0.0.1.example.com` is not: DNS decides where it goes.
  ///
  /// - Parameter host: A URL's host, as `URL.host` gives it.
  public static func contains(_ host: String) -> Bool {
    var bare = host.lowercased()
    if bare.hasPrefix("["), bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
    if bare.hasSuffix(".") { bare.removeLast() }
    if bare == "localhost" || bare.hasSuffix(".localhost") { return true }
    var ipv4 = in_addr()
    // inet_aton reads the short and numeric forms (127.1, 0x7f.1, 2130706433) as libcurl does.
    if bare.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == "x" }), inet_aton(bare, &ipv4) != 0 {
      return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127
    }
    var ipv6 = in6_addr()
    guard inet_pton(AF_INET6, bare, &ipv6) == 1 else { return false }
    let bytes = withUnsafeBytes(of: &ipv6) { Array($0) }
    let mappedPrefix = [UInt8](repeating: 0, count: 10) + [0xff, 0xff]
    return bytes == [UInt8](repeating: 0, count: 15) + [1]
      || (bytes.prefix(12).elementsEqual(mappedPrefix) && bytes[12] == 127)
  }
}
