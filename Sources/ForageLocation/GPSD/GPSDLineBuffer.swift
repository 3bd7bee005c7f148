/// Splits the bytes gpsd sends into lines, keeping at most ``limit`` bytes of any one.
///
/// A line longer than the limit is not kept whole: the buffer skips to its end and hands back
/// ``Line/tooLong(length:)``, so a peer that never sends a newline cannot make it grow without
/// bound. A carriage return before the newline is dropped.
public struct GPSDLineBuffer: Sendable {
  /// One line, or the mark of one that was too long to keep.
  public enum Line: Sendable, Equatable {
    /// A whole line, without its line ending.
    case complete([UInt8])
    /// A line of `length` bytes (at least), skipped.
    case tooLong(length: Int)
  }

  /// The longest line kept, in bytes. gpsd's own longest report is about 10 KB (a `SKY` with
  /// every satellite in view).
  public let limit: Int
  private var pending: [UInt8] = []
  /// The length of the line being skipped, or `nil` when not skipping.
  private var skipped: Int?

  /// Creates an empty buffer.
  ///
  /// - Parameter limit: The longest line kept, in bytes (64 KiB by default).
  public init(limit: Int = 1 << 16) {
    self.limit = max(1, limit)
  }

  /// Adds bytes and returns the lines they complete, in order.
  public mutating func append(_ bytes: some Collection<UInt8>) -> [Line] {
    var lines: [Line] = []
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        if let length = skipped {
          lines.append(.tooLong(length: length))
          skipped = nil
        } else {
          if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
          lines.append(.complete(pending))
        }
        pending.removeAll(keepingCapacity: true)
      } else if skipped != nil {
        skipped! += 1
      } else if pending.count == limit {
        skipped = limit + 1
        pending.removeAll(keepingCapacity: false)
      } else {
        pending.append(byte)
      }
    }
    return lines
  }

  /// The unfinished last line when the stream ends, if any.
  public mutating func finish() -> Line? {
    defer {
      pending.removeAll()
      skipped = nil
    }
    if let length = skipped { return .tooLong(length: length) }
    return pending.isEmpty ? nil : .complete(pending)
  }
}
