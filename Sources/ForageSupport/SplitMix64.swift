import Foundation

/// The SplitMix64 generator: small, fast, and the same sequence on every machine for a seed.
///
/// Everything in Forage that draws "random" numbers — replay noise and dropouts, retry jitter,
/// the mock server's fault fractions — uses it, so a seed reproduces a run exactly.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Seeds the generator.
  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform double in [0, 1), from the top 53 bits.
  public mutating func unit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A standard normal variate (Box–Muller).
  public mutating func gaussian() -> Double {
    let u1 = max(unit(), .leastNonzeroMagnitude)
    let u2 = unit()
    return (-2 * Double.log(u1)).squareRoot() * Double.cos(2 * .pi * u2)
  }
}

extension Double {
  fileprivate static func log(_ x: Double) -> Double { Foundation.log(x) }
  fileprivate static func cos(_ x: Double) -> Double { Foundation.cos(x) }
}
