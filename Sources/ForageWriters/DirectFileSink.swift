import ForageFinder
import ForageSupport
import Foundation

/// A sink over a device, FIFO or socket, written directly: such a file cannot be replaced by
/// renaming without destroying it (`--output /dev/null` must stay the null device).
public final class DirectFileSink: TextSink {
  private var file: BufferedDescriptor

  /// Opens the file for writing; a FIFO waits here for its reader.
  ///
  /// - Throws: ``OutputError/cannotWrite(path:reason:)`` when it cannot be opened.
  public init(path: String) throws {
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else {
      throw OutputError.cannotWrite(path: path, reason: systemErrorText(errno))
    }
    file = BufferedDescriptor(descriptor: descriptor, name: path)
  }

  deinit { file.close() }

  public func write(_ text: String) throws {
    try file.write(text)
  }

  public func write(utf8 bytes: UnsafeRawBufferPointer) throws {
    try file.write(utf8: bytes)
  }

  public func commit() throws {
    try file.flush()
    file.close()
  }
}
