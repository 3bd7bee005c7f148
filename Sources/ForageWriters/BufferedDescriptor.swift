import ForageFinder
import ForageSupport
import Foundation

/// An open file descriptor with a write buffer, shared by the file sinks.
struct BufferedDescriptor {
  /// The descriptor, or -1 once closed.
  private(set) var descriptor: Int32
  /// What messages call the file.
  let name: String
  private var buffer: [UInt8] = []
  private static let capacity = 64 * 1024

  init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
    buffer.reserveCapacity(Self.capacity)
  }

  /// Appends text, writing the buffer out when it is full.
  mutating func write(_ text: String) throws {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.capacity { try flush() }
  }

  /// Appends UTF-8 bytes, writing the buffer out when it is full.
  mutating func write(utf8 bytes: UnsafeRawBufferPointer) throws {
    buffer.append(contentsOf: bytes)
    if buffer.count >= Self.capacity { try flush() }
  }

  /// Writes out what is buffered.
  mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    let descriptor = descriptor
    let name = name
    try buffer.withUnsafeBytes { bytes in
      try FileDescriptorWrite.all(bytes, to: descriptor, name: name)
    }
  }

  /// Closes the descriptor (once).
  mutating func close() {
    if descriptor >= 0 { _ = Foundation.close(descriptor) }
    descriptor = -1
  }
}
