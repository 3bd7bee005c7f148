extension Duration {
  /// The longest span, in seconds, that forage turns into a `Duration`: about 31 700 years.
  ///
  /// Converting a `Double` of seconds that is not finite or too large traps, and such numbers
  /// come from users and files (`--speed 1e-300`, `revoke@1e308s`, a recording's header), so
  /// every conversion checks against this first.
  public static let longestSeconds: Double = 1e12

  /// A number of seconds as a duration, to the millisecond, or `nil` when it is not a number or
  /// more than ``longestSeconds`` either way.
  public static func checkedSeconds(_ seconds: Double) -> Duration? {
    guard seconds.isFinite, abs(seconds) <= longestSeconds else { return nil }
    return .milliseconds(Int64((seconds * 1000).rounded()))
  }
}

extension Duration {
  /// The duration in (fractional) seconds.
  public var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
