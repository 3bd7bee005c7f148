/// What a key pressed in `forage watch` asks for.
public enum WatchKey: Sendable, Equatable {
  /// `q`, `Q`, Ctrl-C or Ctrl-D: leave.
  case leave
  /// `p` or space: pause or resume the replay.
  case pause
  /// `+` (or `=`, the same key unshifted): twice as fast.
  case faster
  /// `-`: half as fast.
  case slower

  /// The keys in bytes read from the terminal, in order; other bytes (arrows, letters) are
  /// ignored.
  public static func keys(in bytes: some Sequence<UInt8>) -> [WatchKey] {
    bytes.compactMap { byte in
      switch byte {
      case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03, 0x04: .leave
      case UInt8(ascii: "p"), UInt8(ascii: "P"), UInt8(ascii: " "): .pause
      case UInt8(ascii: "+"), UInt8(ascii: "="): .faster
      case UInt8(ascii: "-"), UInt8(ascii: "_"): .slower
      default: nil
      }
    }
  }
}
