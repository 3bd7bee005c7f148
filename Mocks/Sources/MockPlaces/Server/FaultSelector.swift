/// Which requests a ``FaultRule`` fires on.
public enum FaultSelector: Sendable, Equatable, CustomStringConvertible {
  /// Every request.
  case always
  /// The Nth, 2Nth, 3Nth... request.
  case every(Int)
  /// The next N requests; then the rule is spent.
  case next(Int)
  /// A seeded random fraction (0...1) of requests.
  case fraction(Double, seed: UInt64)

  public var description: String {
    switch self {
    case .always: return "always"
    case .every(let count): return "every:\(count)"
    case .next(let count): return "next:\(count)"
    case .fraction(let fraction, let seed): return "fraction:\(fraction):seed=\(seed)"
    }
  }
}
