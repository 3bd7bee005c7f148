import ForageFinder
import ForageSupport
import Foundation

/// Writes whole byte buffers to a file descriptor with `write(2)`, resuming after
/// interruptions and short writes: the one place output bytes reach the system, so every
/// failure (a full disk, a closed descriptor, a reader gone) is an ``OutputError``.
enum FileDescriptorWrite {
  /// Writes all of `bytes` to `descriptor`.
  ///
  /// - Parameters:
  ///   - name: What the descriptor is, for messages ("standard output", a path).
  /// - Throws: ``OutputError/brokenPipe(path:)`` when the reader has gone (`EPIPE`), otherwise
  ///   ``OutputError/cannotWrite(path:reason:)`` with the system's reason.
  static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, name: String) throws {
    guard var next = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
      let written = write(descriptor, next, left)
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE { throw OutputError.brokenPipe(path: name) }
        throw OutputError.cannotWrite(path: name, reason: systemErrorText(errno))
      }
      left -= written
      next += written
    }
  }

  /// Writes the UTF-8 of `text` to `descriptor`.
  static func all(_ text: String, to descriptor: Int32, name: String) throws {
    var text = text
    try text.withUTF8 { buffer in
      try all(UnsafeRawBufferPointer(buffer), to: descriptor, name: name)
    }
  }
}
