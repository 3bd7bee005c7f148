import ForageFinder
import Foundation

/// A sink over standard output, written at every call so a reader sees each line at once.
///
/// Errors are ``OutputError``s naming "standard output": ``OutputError/brokenPipe(path:)``
/// when the reader has gone, ``OutputError/cannotWrite(path:reason:)`` otherwise (a full disk,
/// a closed descriptor).
public final class StandardOutputSink: TextSink {
  /// Creates the sink.
  public init() {}

  public func write(_ text: String) throws {
    try FileDescriptorWrite.all(text, to: STDOUT_FILENO, name: "standard output")
  }

  public func write(utf8 bytes: UnsafeRawBufferPointer) throws {
    try FileDescriptorWrite.all(bytes, to: STDOUT_FILENO, name: "standard output")
  }

  public func commit() throws {}
}
