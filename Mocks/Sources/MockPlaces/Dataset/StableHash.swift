/// A hash that is the same in every process and on every run, unlike Swift's seeded `Hasher`.
enum StableHash {
  /// The 64-bit FNV-1a hash of a string's UTF-8 bytes.
  ///
  /// - Parameter text: The text to hash.
  /// - Returns: The hash, identical across runs and machines.
  static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
