#if canImport(Glibc)
  import Glibc
#endif

/// Tells ThreadSanitizer, when the process runs under it, where a mutex changes hands.
///
/// On Linux, `Synchronization.Mutex` hands a contended lock to the next thread inside the kernel
/// (a priority-inheritance futex), where ThreadSanitizer cannot see it, so it would report the
/// accesses the mutex orders as data races. The store (and the package's other hand-overs
/// between threads, such as the finder's event writer) marks the start and the end of each
/// critical section on an address standing for the mutex. Without ThreadSanitizer the hooks are
/// absent and each mark costs a load and a branch.
@usableFromInline
package enum ThreadSanitizer {
  /// The signature of `__tsan_acquire` and `__tsan_release`.
  @usableFromInline typealias Hook = @convention(c) (UnsafeRawPointer?) -> Void

  /// The address of `__tsan_acquire`, or 0 when ThreadSanitizer is not loaded.
  @usableFromInline static let acquireHook = address(of: "__tsan_acquire")
  /// The address of `__tsan_release`, or 0 when ThreadSanitizer is not loaded.
  @usableFromInline static let releaseHook = address(of: "__tsan_release")

  /// Marks the start of a critical section of the mutex that `lock` stands for.
  @inlinable
  package static func acquire(_ lock: UnsafeRawPointer) {
    guard acquireHook != 0 else { return }
    unsafeBitCast(acquireHook, to: Hook.self)(lock)
  }

  /// Marks the end of a critical section of the mutex that `lock` stands for.
  @inlinable
  package static func release(_ lock: UnsafeRawPointer) {
    guard releaseHook != 0 else { return }
    unsafeBitCast(releaseHook, to: Hook.self)(lock)
  }

  /// The address of a symbol of the running process, or 0.
  static func address(of symbol: String) -> Int {
    #if canImport(Glibc)
      Int(bitPattern: dlsym(UnsafeMutableRawPointer(bitPattern: 0), symbol))
    #else
      0
    #endif
  }
}
