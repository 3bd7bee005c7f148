import ForageFinder
import ForageSupport
import Foundation

/// Chooses how an output path is written, and tells when two paths are one file.
public enum OutputFile {
  /// The sink for an output path: `-` is standard output; a regular file or a new path is
  /// replaced atomically (an ``AtomicFileSink``, following symbolic links); a device, FIFO or
  /// socket is written directly (a ``DirectFileSink``).
  ///
  /// Nothing is created or changed when the path cannot be an output file: an empty name, a
  /// name ending in `/`, a directory, a symbolic link loop, a folder that does not exist, a name
  /// longer than the system allows, a file the user may not write.
  ///
  /// - Throws: ``OutputError/cannotWrite(path:reason:)``.
  public static func sink(for path: String) throws -> any TextSink {
    if path == "-" { return StandardOutputSink() }
    let target = try destination(of: path)
    var status = stat()
    if stat(target, &status) == 0 && status.st_mode & S_IFMT != S_IFREG {
      return try DirectFileSink(path: target)
    }
    // A file the user may not write is not replaced either, as `>` would not write it (the
    // folder's permission alone let the rename replace a read-only file of another user).
    if access(target, F_OK) == 0 && access(target, W_OK) != 0 {
      throw OutputError.cannotWrite(path: path, reason: systemErrorText(errno))
    }
    return try AtomicFileSink(destination: URL(fileURLWithPath: target))
  }

  /// The file an output path writes to: the path with the symbolic links at its end followed,
  /// after checking that it can name a file to write.
  ///
  /// - Throws: ``OutputError/cannotWrite(path:reason:)`` for an empty name, a trailing `/`, a
  ///   directory, a link loop, a missing folder or a name longer than `NAME_MAX` bytes.
  public static func destination(of path: String) throws(OutputError) -> String {
    guard !path.isEmpty else {
      throw .cannotWrite(path: "''", reason: "the file name is empty")
    }
    let name = PathName(path)
    var status = stat()
    if stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
      throw .cannotWrite(path: path, reason: "it is a directory")
    }
    if name.hasTrailingSlash {
      throw .cannotWrite(path: path, reason: "a file name cannot end in /")
    }
    guard let target = resolvingLinks(path) else {
      throw .cannotWrite(path: path, reason: systemErrorText(ELOOP))
    }
    let resolved = PathName(target)
    guard resolved.lastComponent.utf8.count <= Int(NAME_MAX) else {
      throw .cannotWrite(path: path, reason: systemErrorText(ENAMETOOLONG))
    }
    var folder = stat()
    guard stat(resolved.directory, &folder) == 0 else {
      throw .cannotWrite(path: path, reason: "\(resolved.directory): \(systemErrorText(errno))")
    }
    guard folder.st_mode & S_IFMT == S_IFDIR else {
      throw .cannotWrite(path: path, reason: "\(resolved.directory): \(systemErrorText(ENOTDIR))")
    }
    return target
  }

  /// What a path names, the same for every spelling of one file (links, `..`, relative
  /// paths, hard links): its device and inode when it exists, otherwise its folder's real path
  /// and its name.
  public static func identity(of path: String) -> String {
    var status = stat()
    if stat(path, &status) == 0 { return "inode \(status.st_dev):\(status.st_ino)" }
    let target = PathName(resolvingLinks(path) ?? path)
    guard let real = realpath(target.directory, nil) else { return "path " + target.text }
    defer { free(real) }
    return "path " + String(cString: real) + "/" + target.lastComponent
  }

  /// The path with the symbolic links at its end followed, so that a link's target is what
  /// gets replaced; `nil` for a loop (more than 40 links, as the kernel counts).
  static func resolvingLinks(_ path: String) -> String? {
    var current = PathName(path)
    for _ in 0...40 {
      var status = stat()
      guard lstat(current.text, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
        return current.text
      }
      var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = buffer.withUnsafeMutableBytes {
        readlink(current.text, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1)
      }
      guard count > 0 else { return current.text }
      current = current.sibling(String(decoding: buffer[..<count], as: UTF8.self))
    }
    return nil
  }
}
