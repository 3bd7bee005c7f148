import Synchronization

/// The store's lock: a `Mutex` whose hand-overs between threads ThreadSanitizer can see.
///
/// On Linux a contended `Mutex` passes from one thread to the next inside the kernel (a
/// futex), where ThreadSanitizer cannot follow it, so under `--sanitize=thread` it would report
/// the accesses the mutex orders as data races. Each critical section therefore also reads
/// ``handOver`` with acquiring ordering when it starts and writes it with releasing ordering
/// when it ends. These are ordinary atomics: they order nothing that the mutex does not order
/// already, they compile to a plain load and store on x86-64 (and `ldar`/`stlr` on arm64), and
/// ThreadSanitizer understands them, so a program that uses the store runs clean under it with
/// no hooks and no suppressions.
struct StoreMutex<Value: ~Copyable>: ~Copyable {
  /// The lock and the value it guards.
  private let mutex: Mutex<Value>
  /// Written at the end of every critical section and read at the start of the next one.
  private let handOver = Atomic<Int>(0)

  /// Creates a lock guarding `value`.
  init(_ value: consuming sending Value) {
    mutex = Mutex(value)
  }

  /// Runs `body` with the lock held and the value at hand.
  ///
  /// - Parameter body: The critical section; it must not take the same lock again.
  /// - Returns: What `body` returns.
  borrowing func withLock<Result>(
    _ body: (inout sending Value) -> sending Result
  ) -> sending Result {
    mutex.withLock { value in
      _ = handOver.load(ordering: .acquiring)
      defer { handOver.store(0, ordering: .releasing) }
      return body(&value)
    }
  }
}

extension StoreMutex: @unchecked Sendable where Value: ~Copyable {}
