/// Where a gpsd listens: a host name or address and a TCP port.
///
/// Written `HOST:PORT`, `HOST` (port 2947), `[IPV6]:PORT` or `[IPV6]`; a bare IPv6 address
/// such as `::1` takes the default port, since its colons cannot be told from a port's.
public struct GPSDEndpoint: Sendable, Hashable, CustomStringConvertible {
  /// gpsd's registered port.
  public static let defaultPort = 2947

  /// The host name or address, without brackets.
  public var host: String
  /// The TCP port, 1 to 65535.
  public var port: Int

  /// Creates an endpoint.
  public init(host: String, port: Int = GPSDEndpoint.defaultPort) {
    self.host = host
    self.port = port
  }

  /// Parses `HOST:PORT` as the command line gives it.
  ///
  /// - Throws: ``GPSDEndpoint/ParseError`` saying what was expected.
  public init(parsing text: String) throws(ParseError) {
    var host = Substring(text)
    var portText: Substring?
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else {
        throw ParseError("'\(text)' opens '[' without a closing ']'; expected [ADDRESS]:PORT")
      }
      let rest = host[host.index(after: close)...]
      host = host[host.index(after: host.startIndex)..<close]
      if !rest.isEmpty {
        guard rest.hasPrefix(":") else {
          throw ParseError("'\(text)' has '\(rest)' after ']'; expected [ADDRESS]:PORT")
        }
        portText = rest.dropFirst()
      }
    } else if host.firstIndex(of: ":") == host.lastIndex(of: ":"),
      let colon = host.firstIndex(of: ":")
    {
      portText = host[host.index(after: colon)...]
      host = host[..<colon]
    }
    guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "/" || $0.isNewline }) else {
      throw ParseError("'\(text)' has no usable host; expected HOST:PORT, such as 127.0.0.1:2947")
    }
    var port = Self.defaultPort
    if let portText {
      guard let number = Int(portText), (1...65_535).contains(number) else {
        throw ParseError("'\(text)' has port '\(portText)'; a port is a number from 1 to 65535")
      }
      port = number
    }
    self.init(host: String(host), port: port)
  }

  /// `host:port`, with brackets around an IPv6 address.
  public var description: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }

  /// Why a `HOST:PORT` text is not an endpoint, as a sentence.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and what was expected.
    public var description: String

    init(_ description: String) { self.description = description }
  }
}
