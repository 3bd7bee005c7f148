extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible {
  /// The method and URL with any API key redacted, safe to log.
  public var description: String {
    "\(method) \(Redaction.redact(url))"
  }

  /// The method, URL and headers with every credential redacted.
  public var debugDescription: String {
    let headers = Redaction.redact(headers: headers).map { "\($0.name): \($0.value)" }
    return ([description] + headers).joined(separator: "\n")
  }
}
