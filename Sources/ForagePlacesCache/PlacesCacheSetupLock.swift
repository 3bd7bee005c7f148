import ForageSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The lock that lets one process at a time set up a places cache file: check it, switch it to
/// WAL and bring its schema up to date.
///
/// SQLite's own locks cannot cover that work as one step: switching to WAL cannot happen inside
/// a transaction, and GRDB's `DatabaseMigrator` reads which migrations a file has before it opens
/// each migration's own transaction, so two processes that create (or migrate) one file at once
/// both run the first migration, and one of them fails ("table scope already exists"). Forage
/// processes therefore take an advisory `flock(2)` on the folder that holds the file while they
/// set it up. The folder, not a file of its own beside the cache: nothing is left behind, and
/// the database file itself must never be opened by anything but SQLite (closing another
/// descriptor of it would drop SQLite's locks). Processes that have set the file up share it
/// through SQLite's locks and busy timeout, as before.
enum PlacesCacheSetupLock {
  /// Runs `body` holding the lock of the folder that holds `url` (after following symbolic
  /// links), waiting at most `timeout` for another process to release it.
  ///
  /// A folder that cannot be opened for reading (its mode lacks `r`) or locked cannot keep
  /// processes apart; `body` then runs without the lock, as SQLite alone allows.
  ///
  /// - Throws: ``PlacesCacheFileError`` (`unusable`) when another process holds the lock for
  ///   longer than `timeout`, or what `body` throws.
  static func holding<T>(
    forFileAt url: URL,
    timeout: Duration,
    _ body: () throws(PlacesCacheFileError) -> T
  ) throws(PlacesCacheFileError) -> T {
    let folder = url.resolvingSymlinksInPath().deletingLastPathComponent().path
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    // Closing the folder's only descriptor releases the lock.
    defer { if descriptor >= 0 { close(descriptor) } }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let error = errno
      if error == EINTR { continue }
      guard error == EWOULDBLOCK else { break }
      guard clock.now < deadline else {
        throw PlacesCacheFileError(
          .unusable,
          path: url.path,
          reason: "cannot be used: another process has been setting up a cache in its folder "
            + "for more than \(Int(timeout.seconds)) s"
        )
      }
      usleep(5_000)
    }
    return try body()
  }
}
