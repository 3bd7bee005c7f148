/// Why a `forage nearby` search failed: a one-line message and its class (which decides the
/// exit code).
public enum NearbyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// An input file's content is wrong (exit 65).
  case data(String)
  /// An input file cannot be read (exit 74).
  case io(String)

  /// The one-line message.
  public var description: String {
    switch self {
    case .data(let text), .io(let text): text
    }
  }
}
