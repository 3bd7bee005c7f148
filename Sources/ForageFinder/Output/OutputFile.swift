import ForageSupport
import Foundation

/// Chooses how an output path is written, and tells when two paths are one file.
public enum OutputFile {
  /// The sink for an output path: a regular file or a new path is replaced atomically (an
  /// ``AtomicFileSink``, following symbolic links), a device, FIFO or socket is written
  /// directly (a ``DirectFileSink``), a directory is refused.
  ///
  /// - Throws: ``OutputError/cannotWrite(path:reason:)``.
  public static func sink(for path: String) throws -> any TextSink {
    var status = stat()
    if stat(path, &status) == 0 {
      switch status.st_mode & S_IFMT {
      case S_IFREG: break
      case S_IFDIR: throw OutputError.cannotWrite(path: path, reason: "it is a directory")
      default: return try DirectFileSink(path: path)
      }
    }
    return try AtomicFileSink(destination: URL(fileURLWithPath: path))
  }

  /// What a path names, the same for every spelling of one file (links, `..`, relative
  /// paths): its device and inode when it exists, otherwise its resolved absolute path.
  public static func identity(of path: String) -> String {
    var status = stat()
    if stat(path, &status) == 0 { return "inode \(status.st_dev):\(status.st_ino)" }
    let target = resolvingLinks(path)
    let directory = (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent
    guard let real = realpath(directory.isEmpty ? "." : directory, nil) else { return target }
    defer { free(real) }
    return "path " + String(cString: real) + "/" + name
  }

  /// The path with symbolic links at its end followed (at most 40, as the kernel does), so
  /// that a link's target is what gets replaced.
  static func resolvingLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { break }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { break }
      let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        link.hasPrefix("/")
        ? link
        : ((current as NSString).deletingLastPathComponent as NSString)
          .appendingPathComponent(link)
    }
    return current
  }
}
