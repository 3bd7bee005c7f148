import Foundation
import Synchronization

/// Hands the store's events to a writer, in order, keeping the first write error: on a serial
/// queue of its own, or on the caller's thread.
///
/// Serialising and writing an event costs about as much as answering the fix it is for, so by
/// default the run gives it the machine's second core: the store's subscriber puts the events on
/// a bounded queue and goes on. FinderBenchmark, section 2 (100 000 fixes from the cache, NDJSON
/// to a file) measures both ways in one run: on 2 cores the queue gave 22 600 fixes/s against
/// 12 400 written on the store's thread, for less CPU time (6.4 s against 7.3 s).
///
/// - Order: one serial `DispatchQueue` writes the batches in the order they were handed over.
///   Its threads are Dispatch's, not Swift's cooperative pool, so a slow `write(2)` (a pipe
///   nobody reads) never holds up a task.
/// - Back-pressure: at most ``capacity`` batches wait; a producer that gets ahead of the writer
///   waits for room (one counting semaphore), so memory stays bounded when the output is slow.
/// - Errors: after the writer throws, later events are dropped and ``finish()`` throws the
///   error, as a synchronous writer would.
///
/// A run can also keep the writer on the store's thread (``FinderOptions/writesOnOwnThread``):
/// then each hand-over writes its events before it returns, under the lock.
///
/// `@unchecked Sendable` only because writers are not `Sendable`: the writer is used on the
/// serial queue alone, and by ``finish()`` after the queue has drained (or, on the store's
/// thread, only under the lock).
public final class EventSink: @unchecked Sendable {
  /// How many batches of events may wait for the writer before a producer waits for room.
  public static let capacity = 1024

  private let writer: any EventWriter
  /// The serial queue the writer runs on, or `nil` to write on the caller's thread.
  private let queue: DispatchQueue?
  /// Free places in the queue: taken by a producer, given back when a batch is written.
  private let room = DispatchSemaphore(value: EventSink.capacity)
  private let onWaitingForRoom: (@Sendable () -> Void)?
  /// What the producer and the writer share.
  private struct Shared {
    /// The first write error.
    var failure: (any Error)?
    /// No more events are taken (``close()`` was called).
    var isClosed = false
  }

  private let shared = Mutex(Shared())

  /// Wraps a writer.
  ///
  /// - Parameters:
  ///   - writer: The writer.
  ///   - onOwnThread: Whether the writer runs on a serial queue of its own; if not, each
  ///     ``write(_:)`` writes its events before it returns, under the lock.
  ///   - onWaitingForRoom: Told on the producer's thread just before it waits for room (for
  ///     tests).
  public init(
    _ writer: any EventWriter,
    onOwnThread: Bool = true,
    onWaitingForRoom: (@Sendable () -> Void)? = nil
  ) {
    self.writer = writer
    queue = onOwnThread ? DispatchQueue(label: "forage-output") : nil
    self.onWaitingForRoom = onWaitingForRoom
  }

  /// Queues events for the writer, in order (or writes them, when not on a queue of its own);
  /// after a write failure, drops them.
  ///
  /// Waits only while ``capacity`` batches are already waiting.
  public func write(_ events: [FinderEvent]) {
    guard !events.isEmpty, shared.withLock({ $0.failure == nil && !$0.isClosed }) else { return }
    guard let queue else {
      shared.withLock { shared in
        guard shared.failure == nil, !shared.isClosed else { return }
        shared.failure = writeAll(events)
      }
      return
    }
    if room.wait(timeout: .now()) == .timedOut {
      onWaitingForRoom?()
      room.wait()
    }
    queue.async { [self] in
      defer { room.signal() }
      guard shared.withLock({ $0.failure == nil }) else { return }
      guard let error = writeAll(events) else { return }
      shared.withLock { $0.failure = $0.failure ?? error }
    }
  }

  /// Waits for every queued event to be written, then finishes the writer.
  ///
  /// - Throws: The first write error, or the writer's error when finishing.
  public func finish() throws {
    close()
    if let failure = shared.withLock({ $0.failure }) { throw failure }
    try writer.finish()
  }

  /// Takes no more events and waits until every queued one has been written; idempotent.
  ///
  /// For a run that ends early (an error before ``finish()``), so no write outlives it.
  public func close() {
    shared.withLock { $0.isClosed = true }
    queue?.sync {}
  }

  /// Writes events in order until one fails; returns that failure.
  private func writeAll(_ events: [FinderEvent]) -> (any Error)? {
    do {
      for event in events { try writer.write(event) }
      return nil
    } catch {
      return error
    }
  }
}
