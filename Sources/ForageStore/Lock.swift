#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A non-recursive mutual-exclusion lock over `pthread_mutex_t`.
///
/// The store uses two of these: one for the work queue and effect table, one for the state. It is
/// a class so the mutex has a stable address. `Synchronization.Mutex` would do the same job but
/// needs macOS 15, and the package still supports macOS 14.
@usableFromInline
final class Lock: @unchecked Sendable {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// Creates an unlocked lock.
  @usableFromInline
  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Acquires the lock, waiting while another thread holds it.
  @inlinable
  func lock() {
    pthread_mutex_lock(mutex)
  }

  /// Releases the lock.
  @inlinable
  func unlock() {
    pthread_mutex_unlock(mutex)
  }

  /// Runs `body` while holding the lock.
  @inlinable
  func withLock<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
