/// A small, fast, seedable random generator (SplitMix64), so a replay's noise and dropouts are
/// the same for the same seed on every machine.
public struct ReplayRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator from a seed.
  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform double in [0, 1).
  public mutating func unit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A standard normal variate (Box–Muller).
  public mutating func gaussian() -> Double {
    let u1 = max(unit(), .leastNonzeroMagnitude)
    let u2 = unit()
    return (-2 * _log(u1)).squareRoot() * _cos(2 * .pi * u2)
  }
}

#if canImport(Glibc)
  import Glibc
  private func _log(_ x: Double) -> Double { Glibc.log(x) }
  private func _cos(_ x: Double) -> Double { Glibc.cos(x) }
#else
  import Darwin
  private func _log(_ x: Double) -> Double { Darwin.log(x) }
  private func _cos(_ x: Double) -> Double { Darwin.cos(x) }
#endif
