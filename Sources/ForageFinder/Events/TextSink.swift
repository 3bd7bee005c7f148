/// Where output text goes: standard output, a file replaced atomically when the run ends, or a
/// device, FIFO or socket written directly (ForageWriters' `OutputFile.sink(for:)` chooses).
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
