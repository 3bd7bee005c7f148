import ForageSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file (or an in-memory byte array) read in fixed-size chunks, one byte at a time.
///
/// Memory stays at one chunk whatever the file size. The source tracks the line and column of the
/// last byte it returned, for error messages and defect line numbers.
///
/// Text in UTF-16 (either byte order, with a byte-order mark, or an XML declaration without one,
/// as XML allows) is turned into UTF-8 first, so every parser reads UTF-8 only; such a file is
/// read whole into memory (``UTF16Text``). A UTF-8 byte order mark, which some editors write, is
/// read past once, for every format (``skipByteOrderMark()``).
final class ByteSource {
  /// The path used in error messages.
  let path: String
  private let descriptor: Int32
  private let buffer: UnsafeMutablePointer<UInt8>
  private let capacity: Int
  /// The read position, kept behind a pointer so the per-byte path has no exclusivity checks.
  private let cursor: UnsafeMutablePointer<Cursor>

  /// Where reading stands.
  struct Cursor {
    var position = 0
    var count = 0
    var isAtEnd = false
    /// Bytes consumed before `buffer[0]`.
    var base = 0
    /// The one-based line of the next byte.
    var line = 1
    /// The absolute offset at which the current line starts.
    var lineStart = 0
  }

  /// The one-based line of the next byte.
  var line: Int { cursor.pointee.line }

  /// Opens a file for reading.
  ///
  /// - Throws: ``TrackError`` of kind ``TrackError/Kind/unreadable`` when it cannot be opened.
  convenience init(url: URL, chunkSize: Int = 256 * 1024) throws(TrackError) {
    try self.init(path: url.path, chunkSize: chunkSize)
  }

  /// Opens a file named as given (no URL normalisation: `walk.gpx/` is not `walk.gpx`).
  ///
  /// - Throws: ``TrackError`` of kind ``TrackError/Kind/unreadable`` when it cannot be opened.
  convenience init(path: String, chunkSize: Int = 256 * 1024) throws(TrackError) {
    guard !path.isEmpty else {
      throw TrackError(.unreadable, file: "''", message: "the file name is empty")
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw TrackError(.unreadable, file: path, message: "cannot open: \(errnoText())")
    }
    // The first bytes, read in place (a file that cannot be read so is read as UTF-8).
    var start = [UInt8](repeating: 0, count: 4)
    let peeked = start.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 4, 0) }
    if peeked > 0, UTF16Text.byteOrder(of: start[..<peeked]) != nil {
      close(descriptor)
      do {
        self.init(bytes: try InputFile.readAll(path), path: path)
      } catch {
        throw TrackError(.unreadable, file: path, message: "read failed: \(error.reason)")
      }
      return
    }
    self.init(descriptor: descriptor, path: path, chunkSize: chunkSize)
  }

  /// Reads an open descriptor in chunks.
  private init(descriptor: Int32, path: String, chunkSize: Int) {
    self.path = path
    self.descriptor = descriptor
    capacity = chunkSize
    buffer = .allocate(capacity: chunkSize)
    cursor = .allocate(capacity: 1)
    cursor.initialize(to: Cursor())
  }

  /// Wraps bytes already in memory (tests, standard input); UTF-16 text is turned into UTF-8.
  init(bytes raw: [UInt8], path: String = "<memory>") {
    let bytes = UTF16Text.utf8(from: raw) ?? raw
    self.path = path
    descriptor = -1
    capacity = max(bytes.count, 1)
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    bytes.withUnsafeBufferPointer { source in
      if let address = source.baseAddress { storage.update(from: address, count: bytes.count) }
    }
    buffer = storage
    cursor = .allocate(capacity: 1)
    cursor.initialize(to: Cursor(count: bytes.count, isAtEnd: true))
  }

  deinit {
    buffer.deallocate()
    cursor.deallocate()
    if descriptor >= 0 { close(descriptor) }
  }

  /// The number of bytes consumed so far.
  var offset: Int { cursor.pointee.base + cursor.pointee.position }

  /// The one-based column of the next byte, in bytes.
  var column: Int { offset - cursor.pointee.lineStart + 1 }

  /// Returns the next byte and advances, or `nil` at the end of the file.
  @inline(__always)
  func next() throws(TrackError) -> UInt8? {
    if cursor.pointee.position == cursor.pointee.count {
      guard try refill() else { return nil }
    }
    let byte = buffer[cursor.pointee.position]
    cursor.pointee.position += 1
    if byte == 0x0A {
      cursor.pointee.line += 1
      cursor.pointee.lineStart = cursor.pointee.base + cursor.pointee.position
    }
    return byte
  }

  /// Returns the next byte without consuming it, or `nil` at the end of the file.
  @inline(__always)
  func peek() throws(TrackError) -> UInt8? {
    if cursor.pointee.position == cursor.pointee.count {
      guard try refill() else { return nil }
    }
    return buffer[cursor.pointee.position]
  }

  /// The UTF-8 byte order mark.
  static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Reads past a UTF-8 byte order mark at the very start, if there is one, so that a parser
  /// sees the text alone; columns of the first line count from after it.
  func skipByteOrderMark() throws(TrackError) {
    guard offset == 0, try prefix(3) == Self.utf8ByteOrderMark else { return }
    cursor.pointee.position += 3
    cursor.pointee.lineStart = 3
  }

  /// Returns up to `length` bytes from the current position without consuming them.
  func prefix(_ length: Int) throws(TrackError) -> [UInt8] {
    while cursor.pointee.count - cursor.pointee.position < min(length, capacity),
      !cursor.pointee.isAtEnd
    {
      try fill()
    }
    let available = min(length, cursor.pointee.count - cursor.pointee.position)
    return Array(UnsafeBufferPointer(start: buffer + cursor.pointee.position, count: available))
  }

  /// Returns every byte not read yet and consumes them (for formats parsed whole).
  ///
  /// ``line`` and ``column`` are not updated.
  func readRemaining() throws(TrackError) -> [UInt8] {
    var bytes: [UInt8] = []
    while true {
      if cursor.pointee.position == cursor.pointee.count {
        guard try refill() else { return bytes }
      }
      let start = buffer + cursor.pointee.position
      let count = cursor.pointee.count - cursor.pointee.position
      bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
      cursor.pointee.position = cursor.pointee.count
    }
  }

  /// Moves the unread bytes to the front and reads more; `false` at the end of the file.
  private func refill() throws(TrackError) -> Bool {
    if cursor.pointee.isAtEnd { return false }
    try fill()
    return cursor.pointee.position < cursor.pointee.count
  }

  private func fill() throws(TrackError) {
    var position = cursor.pointee.position
    var count = cursor.pointee.count
    defer {
      cursor.pointee.position = position
      cursor.pointee.count = count
    }
    if position > 0 {
      let remaining = count - position
      if remaining > 0 { buffer.update(from: buffer + position, count: remaining) }
      cursor.pointee.base += position
      count = remaining
      position = 0
    }
    while count < capacity {
      let got = read(descriptor, buffer + count, capacity - count)
      if got < 0 {
        if errno == EINTR { continue }
        throw TrackError(
          .unreadable,
          file: path,
          line: line,
          message: "read failed: \(errnoText())"
        )
      }
      if got == 0 {
        cursor.pointee.isAtEnd = true
        return
      }
      count += got
      return
    }
  }
}

/// The text of the current `errno`.
func errnoText() -> String {
  String(cString: strerror(errno))
}
