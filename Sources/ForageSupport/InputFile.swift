import Foundation

/// Reads an input named on a command line whole, once: a regular file, `-` for standard input,
/// `/dev/stdin`, a pipe, a FIFO or a character device alike.
///
/// Plain `open` and `read` calls, so that a FIFO or standard input is read exactly as a file is
/// (Foundation's file reading refuses some of them), and every failure is the system's own words.
public enum InputFile {
  /// How a path is named in messages: `standard input` for `-`, else the path.
  public static func displayName(_ path: String) -> String {
    path == "-" ? "standard input" : path
  }

  /// Whether reading the path twice would not give the same bytes (`-`, a pipe, a FIFO, a
  /// device): such an input must be read once and kept.
  public static func isReadOnce(_ path: String) -> Bool {
    if path == "-" { return true }
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    return status.st_mode & S_IFMT != S_IFREG && status.st_mode & S_IFMT != S_IFDIR
  }

  /// The input as UTF-8 text: UTF-16 (with a byte-order mark, or an XML declaration) is turned
  /// into UTF-8, other bytes are returned as they are for the reader to judge.
  ///
  /// - Throws: ``InputFileError`` as ``readAll(_:)`` does.
  public static func readText(_ path: String) throws(InputFileError) -> [UInt8] {
    let bytes = try readAll(path)
    return UTF16Text.utf8(from: bytes) ?? bytes
  }

  /// Every byte of the input.
  ///
  /// - Throws: ``InputFileError`` naming the input and the reason (a directory, a missing file,
  ///   permission, a read error).
  public static func readAll(_ path: String) throws(InputFileError) -> [UInt8] {
    let name = displayName(path)
    var descriptor = STDIN_FILENO
    if path != "-" {
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
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      throw InputFileError(path: name, reason: "it is a directory")
    }
    var content: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw InputFileError(path: name, reason: systemErrorText(errno))
      }
      if count == 0 { return content }
      content.append(contentsOf: buffer[..<count])
    }
  }
}

/// An input that could not be read: its name and the system's reason.
public struct InputFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The input as named in messages (`standard input` for `-`).
  public var path: String
  /// What went wrong, in the system's words, such as `No such file or directory`.
  public var reason: String

  /// Creates an error.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "cannot read \(path): \(reason)" }
}
