import Foundation
import Synchronization

/// Blocking work on a thread of its own, outside Swift's cooperative pool.
///
/// End-to-end tests block their thread while a built binary runs. On a two-core machine the
/// cooperative pool has two threads, so a helper that the binary waits on (the other end of a
/// FIFO, a second process, a pipe drain) must not be a `Task`: with both pool threads blocked
/// in tests it would never run, and the test would wait forever.
public final class BlockingThread<Value: Sendable>: Sendable {
  private let outcome = Mutex<Result<Value, any Error>?>(nil)
  private let finished = DispatchSemaphore(value: 0)

  /// Starts `body` at once on a new thread.
  ///
  /// - Parameter body: The work; it may block for as long as it needs.
  public init(_ body: @escaping @Sendable () throws -> Value) {
    let thread = Thread { [self] in
      let result = Result { try body() }
      outcome.withLock { $0 = result }
      finished.signal()
    }
    thread.start()
  }

  /// Waits for the work to finish and returns what it returned.
  ///
  /// - Returns: The work's value.
  /// - Throws: What the work threw.
  public func value() throws -> Value {
    finished.wait()
    finished.signal()
    return try outcome.withLock { $0! }.get()
  }
}
