import Foundation

/// Where output text goes: standard output, a file replaced atomically when the run ends, or a
/// device, FIFO or socket written directly (``OutputFile/sink(for:)`` chooses).
public protocol TextSink: AnyObject {
  /// Appends text.
  func write(_ text: String) throws
  /// Appends UTF-8 bytes (a whole line or more of text): what the event writers hand over, with
  /// no `String` in between. The default decodes them and calls ``write(_:)``.
  func write(utf8 bytes: UnsafeRawBufferPointer) throws
  /// Commits everything written; a file sink renames its temporary file into place here.
  func commit() throws
}

extension TextSink {
  public func write(utf8 bytes: UnsafeRawBufferPointer) throws {
    try write(String(decoding: bytes, as: UTF8.self))
  }
}

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

/// A sink that collects text in memory, for tests and for building documents.
public final class StringSink: TextSink {
  /// Everything written so far.
  public private(set) var text = ""
  /// Whether ``commit()`` was called.
  public private(set) var isCommitted = false

  /// Creates an empty sink.
  public init() {}

  public func write(_ text: String) throws { self.text += text }

  public func commit() throws { isCommitted = true }
}
