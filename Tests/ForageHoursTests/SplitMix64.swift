/// A small deterministic random generator (SplitMix64), so generated cases reproduce.
struct SplitMix64 {
  /// The generator's state; the seed to start with.
  var state: UInt64

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }
}
