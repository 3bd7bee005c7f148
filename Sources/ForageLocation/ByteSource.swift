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
final class ByteSource {
  /// The path used in error messages.
  let path: String
  private let descriptor: Int32
  private let buffer: UnsafeMutablePointer<UInt8>
  private let capacity: Int
  private var position = 0
  private var count = 0
  private var isAtEnd = false
  /// Bytes consumed before `buffer[0]`.
  private var base = 0
  /// The one-based line of the next byte.
  private(set) var line = 1
  /// The absolute offset at which the current line starts.
  private var lineStart = 0

  /// Opens a file for reading.
  ///
  /// - Throws: ``TrackError`` of kind ``TrackError/Kind/unreadable`` when it cannot be opened.
  init(url: URL, chunkSize: Int = 256 * 1024) throws(TrackError) {
    path = url.path
    descriptor = open(url.path, O_RDONLY)
    guard descriptor >= 0 else {
      throw TrackError(.unreadable, file: url.path, message: "cannot open: \(errnoText())")
    }
    capacity = chunkSize
    buffer = .allocate(capacity: chunkSize)
  }

  /// Wraps bytes already in memory (tests, standard input).
  init(bytes: [UInt8], path: String = "<memory>") {
    self.path = path
    descriptor = -1
    capacity = max(bytes.count, 1)
    buffer = .allocate(capacity: capacity)
    bytes.withUnsafeBufferPointer { source in
      if let address = source.baseAddress { buffer.update(from: address, count: bytes.count) }
    }
    count = bytes.count
    isAtEnd = true
  }

  deinit {
    buffer.deallocate()
    if descriptor >= 0 { close(descriptor) }
  }

  /// The number of bytes consumed so far.
  var offset: Int { base + position }

  /// The one-based column of the next byte, in bytes.
  var column: Int { offset - lineStart + 1 }

  /// Returns the next byte and advances, or `nil` at the end of the file.
  @inline(__always)
  func next() throws(TrackError) -> UInt8? {
    if position == count {
      guard try refill() else { return nil }
    }
    let byte = buffer[position]
    position += 1
    if byte == 0x0A {
      line += 1
      lineStart = base + position
    }
    return byte
  }

  /// Returns the next byte without consuming it, or `nil` at the end of the file.
  @inline(__always)
  func peek() throws(TrackError) -> UInt8? {
    if position == count {
      guard try refill() else { return nil }
    }
    return buffer[position]
  }

  /// Returns up to `length` bytes from the current position without consuming them.
  func prefix(_ length: Int) throws(TrackError) -> [UInt8] {
    while count - position < min(length, capacity), !isAtEnd {
      try fill()
    }
    return Array(
      UnsafeBufferPointer(start: buffer + position, count: min(length, count - position))
    )
  }

  /// Moves the unread bytes to the front and reads more; `false` at the end of the file.
  private func refill() throws(TrackError) -> Bool {
    if isAtEnd { return false }
    try fill()
    return position < count
  }

  private func fill() throws(TrackError) {
    if position > 0 {
      let remaining = count - position
      if remaining > 0 { buffer.update(from: buffer + position, count: remaining) }
      base += position
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
        isAtEnd = true
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
