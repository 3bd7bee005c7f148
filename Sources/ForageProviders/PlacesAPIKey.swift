import ForageHTTP

/// An API key that never shows itself: not in `print`, string interpolation, `dump` or logs.
public struct PlacesAPIKey: Sendable, Hashable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The key itself, for building requests only.
  public let value: String

  /// Wraps a key.
  public init(_ value: String) {
    self.value = value
  }

  public var description: String { "<redacted key>" }
  public var debugDescription: String { description }
  public var customMirror: Mirror { Mirror(self, children: []) }

  /// Removes this key from a text: every occurrence of it, raw or percent-encoded, then
  /// whatever ForageHTTP's `Redaction` removes (`key=` values, key headers, `AIza…` keys).
  ///
  /// - Parameter text: A message that may contain the key, such as a URL or a server's error.
  /// - Returns: The text with the key replaced by `REDACTED`.
  public func redact(_ text: String) -> String {
    Redaction.redact(Redaction.removing(value, from: text))
  }
}

extension Optional where Wrapped == PlacesAPIKey {
  /// Removes the key, if any, and every credential-shaped value from a text.
  func redact(_ text: String) -> String {
    self?.redact(text) ?? Redaction.redact(text)
  }
}
