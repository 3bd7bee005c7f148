import NIOCore

/// One line of gpsd's stream, or the mark of one that was too long to keep.
enum GPSDLine: Sendable, Equatable {
  /// A whole line, without its line ending.
  case complete(ByteBuffer)
  /// A line longer than the decoder's limit; its bytes are skipped up to its newline.
  case tooLong
}
