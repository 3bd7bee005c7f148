import Foundation
import Synchronization

/// The temporary files output sinks have open, so that a program's signal handler can remove
/// them before it exits (`forage` does on SIGINT, SIGTERM and SIGHUP).
public enum TemporaryFiles {
  private static let paths = Mutex(Set<String>())

  /// Notes a temporary file.
  static func register(_ path: String) {
    _ = paths.withLock { $0.insert(path) }
  }

  /// Forgets a temporary file (renamed into place or removed).
  static func unregister(_ path: String) {
    _ = paths.withLock { $0.remove(path) }
  }

  /// Removes every temporary file still open; for a signal handler about to exit.
  public static func removeAll() {
    for path in paths.withLock({ $0 }) { unlink(path) }
  }
}
