import ForageSupport

/// A failure as JSON object members: `fix_index`, `kind`, `message` (already redacted),
/// `retrying` and `fatal`.
extension PlacesFailure: Codable {
  /// The members' names, stable across versions.
  enum CodingKeys: String, CodingKey {
    case fixIndex = "fix_index"
    case kind
    case message
    case isRetrying = "retrying"
    case isFatal = "fatal"
  }

  /// Reads a failure.
  ///
  /// - Throws: `DecodingError` naming the member and what was expected.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      fixIndex: try container.decode(Int.self, forKey: .fixIndex, atLeast: 0),
      kind: try container.decode(String.self, forKey: .kind),
      message: try container.decode(String.self, forKey: .message),
      isRetrying: try container.decode(Bool.self, forKey: .isRetrying),
      isFatal: try container.decode(Bool.self, forKey: .isFatal)
    )
  }

  /// Writes the failure's members.
  ///
  /// - Throws: `EncodingError` only if the encoder fails.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(fixIndex, forKey: .fixIndex)
    try container.encode(kind, forKey: .kind)
    try container.encode(message, forKey: .message)
    try container.encode(isRetrying, forKey: .isRetrying)
    try container.encode(isFatal, forKey: .isFatal)
  }
}
