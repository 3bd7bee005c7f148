import ForageFinder
import Foundation
import Synchronization

/// The temporary files output sinks have open, so that a program's signal handler can remove
/// them before it exits (`forage` does on SIGINT, SIGTERM and SIGHUP).
///
/// A file is created and noted in one step under the lock, and ``removeAll()`` closes the
/// registry for good: a sink creating its file while the handler runs either has its file
/// removed or cannot create it, so no temporary file outlives the exit.
public final class TemporaryFiles: Sendable {
  /// The registry the output sinks use.
  public static let shared = TemporaryFiles()

  private let state = Mutex((paths: Set<String>(), isClosed: false))

  /// Creates an empty registry (``shared`` is the program's; tests make their own).
  init() {}

  /// Creates a file with `create` and notes it, unless the registry was closed.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - create: Opens the file and returns its descriptor, or -1 with `errno` set.
  /// - Returns: The descriptor, or `nil` with the `errno` value of the failure (`EINTR` when
  ///   the registry was closed by ``removeAll()``).
  func create(_ path: String, with create: (String) -> Int32) -> Result<Int32, Errno> {
    state.withLock { state in
      guard !state.isClosed else { return .failure(Errno(EINTR)) }
      let descriptor = create(path)
      guard descriptor >= 0 else { return .failure(Errno(errno)) }
      state.paths.insert(path)
      return .success(descriptor)
    }
  }

  /// Forgets a temporary file (renamed into place or removed).
  func unregister(_ path: String) {
    _ = state.withLock { $0.paths.remove(path) }
  }

  /// Removes every temporary file still open and refuses to note new ones; for a signal
  /// handler about to exit.
  public func removeAll() {
    state.withLock { state in
      state.isClosed = true
      for path in state.paths { unlink(path) }
      state.paths.removeAll()
    }
  }

  /// An `errno` value.
  struct Errno: Error {
    var code: Int32
    init(_ code: Int32) { self.code = code }
  }
}
