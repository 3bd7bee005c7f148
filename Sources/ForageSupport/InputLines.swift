import Foundation

/// An input named on a command line, read one line at a time: a regular file, `-` for standard
/// input, `/dev/stdin`, a pipe, a FIFO or a character device alike, as ``InputFile`` reads them.
///
/// Memory stays at one chunk and the longest line, whatever the input's size, and reading stops
/// where the caller stops asking: nothing after the last line returned is read, but for the
/// rest of the chunk it is in. Text in UTF-16 (a byte-order mark, or an XML declaration) is the
/// exception: it is read whole and turned into UTF-8 first (``UTF16Text``), as ``InputFile``
/// does.
///
/// Lines end at `\n`, which is not part of the line; a last line without one is a line too, and
/// an input ending in `\n` ends with an empty line, as splitting the whole text would give.
public final class InputLines {
  /// The input as named in messages (`standard input` for `-`).
  public let name: String
  /// The descriptor read, or -1 once closed (or for text in memory).
  private var descriptor: Int32
  /// Whether ``close()`` must close the descriptor (not standard input's).
  private let ownsDescriptor: Bool
  /// The bytes read; those not yet returned are `start..<end`.
  private var buffer: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var start = 0
  private var end = 0
  private var isAtEnd = false
  /// Whether the last line returned ended the input (no line follows it).
  private var isFinished = false
  private static let chunkSize = 1 << 16

  /// Opens an input.
  ///
  /// - Throws: ``InputFileError`` naming the input and the reason (a directory, a missing file,
  ///   permission, a read error).
  public init(path: String) throws(InputFileError) {
    name = InputFile.displayName(path)
    capacity = Self.chunkSize
    buffer = .allocate(capacity: capacity)
    if path == "-" {
      descriptor = STDIN_FILENO
      ownsDescriptor = false
    } else {
      descriptor = -1
      ownsDescriptor = true
      guard !path.isEmpty else {
        throw InputFileError(path: "''", reason: "the file name is empty")
      }
      repeat {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
      } while descriptor < 0 && errno == EINTR
      guard descriptor >= 0 else {
        throw InputFileError(path: name, reason: systemErrorText(errno))
      }
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      throw InputFileError(path: name, reason: "it is a directory")
    }
    // Enough of the start to tell UTF-16 (4 bytes), unless the input is shorter.
    while end < 4, !isAtEnd { try fill() }
    if UTF16Text.byteOrder(of: UnsafeBufferPointer(start: buffer, count: end)) != nil {
      while !isAtEnd { try fill() }
      let text = Array(UnsafeBufferPointer(start: buffer, count: end))
      close()
      replace(with: UTF16Text.utf8(from: text) ?? text)
    }
  }

  /// Wraps text already in memory; UTF-16 text is turned into UTF-8.
  ///
  /// - Parameters:
  ///   - bytes: The text.
  ///   - name: What messages call it.
  public init(bytes: [UInt8], name: String) {
    self.name = name
    descriptor = -1
    ownsDescriptor = false
    capacity = 1
    buffer = .allocate(capacity: capacity)
    isAtEnd = true
    replace(with: UTF16Text.utf8(from: bytes) ?? bytes)
  }

  deinit {
    close()
    buffer.deallocate()
  }

  /// The next line, without its `\n`; `nil` after the last one.
  ///
  /// - Throws: ``InputFileError`` when the input cannot be read further.
  public func next() throws(InputFileError) -> Data? {
    guard !isFinished else { return nil }
    var searched = start
    while true {
      if let found = memchr(buffer + searched, Int32(UInt8(ascii: "\n")), end - searched) {
        let lineEnd = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
        defer { start = lineEnd + 1 }
        return Data(bytes: buffer + start, count: lineEnd - start)
      }
      if isAtEnd {
        isFinished = true
        defer { start = end }
        return Data(bytes: buffer + start, count: end - start)
      }
      searched = end - start
      compact()
      try fill()
    }
  }

  /// Closes the input; later reads find its end. Called when the reader is released, too.
  public func close() {
    if ownsDescriptor, descriptor >= 0 { _ = Foundation.close(descriptor) }
    descriptor = -1
    isAtEnd = true
  }

  /// Makes `text` the whole input.
  private func replace(with text: [UInt8]) {
    buffer.deallocate()
    capacity = max(text.count, 1)
    buffer = .allocate(capacity: capacity)
    text.withUnsafeBufferPointer { source in
      if let address = source.baseAddress { buffer.update(from: address, count: text.count) }
    }
    start = 0
    end = text.count
  }

  /// Moves the bytes not yet returned to the front of the buffer.
  private func compact() {
    guard start > 0 else { return }
    if end > start { buffer.update(from: buffer + start, count: end - start) }
    end -= start
    start = 0
  }

  /// Reads one chunk more after the buffer's end (growing it when full), or notes the input's
  /// end.
  private func fill() throws(InputFileError) {
    guard descriptor >= 0 else {
      isAtEnd = true
      return
    }
    if capacity - end < Self.chunkSize {
      // Doubled, so a long line costs one copy of itself or so, not one a chunk.
      let larger = max(end + Self.chunkSize, 2 * capacity)
      let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
      moved.update(from: buffer, count: end)
      buffer.deallocate()
      buffer = moved
      capacity = larger
    }
    var count: Int
    repeat {
      count = read(descriptor, buffer + end, Self.chunkSize)
    } while count < 0 && errno == EINTR
    guard count >= 0 else { throw InputFileError(path: name, reason: systemErrorText(errno)) }
    if count == 0 { isAtEnd = true }
    end += count
  }
}
