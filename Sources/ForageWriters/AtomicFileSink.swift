import ForageFinder
import ForageSupport
import Foundation

/// A sink that writes a temporary file beside the destination and renames it into place on
/// commit, so the destination is either the old file or the complete new one, never half.
///
/// A destination that is a symbolic link is followed: its target is replaced, the link stays.
/// An existing file's permissions are kept. The temporary file is created through
/// ``TemporaryFiles`` and noted there until it is renamed or removed, so a signal handler can
/// remove it.
public final class AtomicFileSink: TextSink {
  /// The file that appears when the sink commits (the link's target when the path named a
  /// symbolic link).
  public let destination: URL
  private let temporary: String
  private let temporaryFiles: TemporaryFiles
  private var file: BufferedDescriptor
  private var isCommitted = false

  /// Creates the temporary file.
  ///
  /// - Throws: ``OutputError/cannotWrite(path:reason:)`` when the directory is not writable.
  public convenience init(destination: URL) throws {
    try self.init(destination: destination, temporaryFiles: .shared)
  }

  /// Creates the temporary file, noted in a given registry (for tests).
  init(destination: URL, temporaryFiles: TemporaryFiles) throws {
    let target = try OutputFile.destination(of: destination.path)
    self.destination = URL(fileURLWithPath: target)
    let path = PathName(target)
    let directory = path.directory
    var existing = stat()
    let mode: mode_t = stat(target, &existing) == 0 ? existing.st_mode & 0o7777 : 0o666
    var created: (String, Int32)?
    for _ in 0..<16 {
      let candidate =
        (directory == "/" ? "/" : directory + "/")
        + Self.temporaryName(for: path.lastComponent)
      let opened = temporaryFiles.create(candidate) {
        open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      }
      switch opened {
      case .success(let descriptor):
        created = (candidate, descriptor)
      case .failure(let failure) where failure.code == EEXIST:
        continue
      case .failure(let failure):
        throw OutputError.cannotWrite(
          path: destination.path,
          reason: "cannot create a file in \(directory): " + systemErrorText(failure.code)
        )
      }
      break
    }
    guard let (temporaryPath, descriptor) = created else {
      throw OutputError.cannotWrite(path: destination.path, reason: "no free temporary name")
    }
    // The new file gets the old one's permissions, or the usual ones under the umask.
    if stat(target, &existing) == 0 {
      fchmod(descriptor, mode)
    } else {
      let mask = umask(0)
      umask(mask)
      fchmod(descriptor, 0o666 & ~mask)
    }
    temporary = temporaryPath
    self.temporaryFiles = temporaryFiles
    file = BufferedDescriptor(descriptor: descriptor, name: target)
  }

  /// A hidden temporary name beside `name`, never longer than `NAME_MAX` bytes: the name is cut
  /// (at a character boundary) to leave room for the process id and a random number.
  static func temporaryName(for name: String) -> String {
    let suffix = ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let room = Int(NAME_MAX) - 1 - suffix.utf8.count
    var kept = ""
    var used = 0
    for character in name {
      let size = character.utf8.count
      if used + size > room { break }
      kept.append(character)
      used += size
    }
    return "." + kept + suffix
  }

  deinit { discard() }

  /// Removes the temporary file without putting it in place: the destination stays as it was.
  /// Nothing happens after ``commit()`` or a first discard.
  public func discard() {
    guard !isCommitted else { return }
    isCommitted = true
    file.close()
    unlink(temporary)
    temporaryFiles.unregister(temporary)
  }

  public func write(_ text: String) throws {
    try file.write(text)
  }

  public func write(utf8 bytes: UnsafeRawBufferPointer) throws {
    try file.write(utf8: bytes)
  }

  public func commit() throws {
    try file.flush()
    guard fsync(file.descriptor) == 0 || errno == EINVAL else {
      throw OutputError.cannotWrite(path: destination.path, reason: systemErrorText(errno))
    }
    guard Foundation.close(file.descriptor) == 0 else {
      throw OutputError.cannotWrite(path: destination.path, reason: systemErrorText(errno))
    }
    file = BufferedDescriptor(descriptor: -1, name: destination.path)
    guard rename(temporary, destination.path) == 0 else {
      throw OutputError.cannotWrite(path: destination.path, reason: systemErrorText(errno))
    }
    isCommitted = true
    temporaryFiles.unregister(temporary)
  }
}
