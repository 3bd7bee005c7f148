/// The 64-bit FNV-1a hash: the same in every process and on every machine, unlike Swift's
/// seeded `Hasher`.
///
/// Forage uses it where a hash is stored or compared across runs: the mock's stable ratings and
/// ids, the fingerprint of a mock dataset in a places cache file, and golden-output digests.
public struct FNV1a: Sendable {
  /// The hash of the bytes combined so far.
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Starts a hash of no bytes.
  public init() {}

  /// Adds bytes to the hash, in order.
  public mutating func combine(_ bytes: some Sequence<UInt8>) {
    for byte in bytes {
      value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
  }

  /// The hash as 16 lowercase hexadecimal digits.
  public func hexDigits() -> String {
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The hash of a text's UTF-8 bytes.
  public static func hash(_ text: String) -> UInt64 {
    var hash = FNV1a()
    hash.combine(text.utf8)
    return hash.value
  }
}
