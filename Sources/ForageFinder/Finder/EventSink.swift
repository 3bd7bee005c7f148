import ForageStore
import Foundation
import Synchronization

/// Hands the store's events to a writer that runs on a thread of its own, in order, keeping the
/// first write error.
///
/// Serialising and writing an event costs about as much as answering the fix it is for, so the
/// run gives it the machine's second core: the store's subscriber only appends the events to a
/// queue and goes on, and the writer thread turns them into bytes and system calls. The writer
/// thread is a plain thread, not a task: it blocks in `write(2)` and on the queue, which must
/// never hold up Swift's cooperative pool.
///
/// - Order: events reach the writer in the order they were handed over, one at a time.
/// - Back-pressure: at most ``capacity`` events wait; a producer that gets ahead of the writer
///   waits for room, so memory stays bounded when the output is slow (a pipe nobody reads).
/// - Errors: after the writer throws, later events are dropped and ``finish()`` throws the
///   error, as a synchronous writer would.
/// - Hand-off: the queue and every flag are behind the one lock (`Mutex`); the two semaphores
///   only wake a waiting side, so a wake-up is never lost and never needed twice. An idle writer
///   first naps a few times (``doze``) before it asks to be woken, so a fast producer rarely
///   pays for a wake-up.
///
/// A run can also keep the writer on the store's thread (``FinderOptions/writesOnOwnThread``):
/// then each hand-over writes its events before it returns, under the lock.
///
/// `@unchecked Sendable` only because writers are not `Sendable`: the writer is used by the
/// writer thread alone until it has drained the queue, and by ``finish()`` after that (or, on the
/// store's thread, only under the lock).
final class EventSink: @unchecked Sendable {
  /// How many events may wait for the writer before a producer waits for room.
  static let capacity = 1024
  /// How long the writer thread naps when it finds the queue empty, without asking to be woken.
  ///
  /// Waking a sleeping thread is a system call on the producer's side, about a microsecond and
  /// a half: once an event it would cost the store a tenth of its time on a fast replay, where
  /// the writer keeps up and would sleep between any two events. A napping writer is not woken;
  /// it looks again after the nap and takes what came, so an event waits at most this long.
  static let doze = DispatchTimeInterval.microseconds(200)
  /// How many empty naps in a row before the writer thread sleeps until it is woken (a live
  /// run between fixes, so an idle run costs no wake-ups).
  static let dozesBeforeSleep = 10

  /// What the two sides share.
  private struct Shared {
    /// Events handed over and not yet taken by the writer thread.
    var pending: [FinderEvent] = []
    /// Events the writer thread has written, left for the producer to free.
    ///
    /// The events share their strings' storage with the store's state, whose thread keeps
    /// retaining them; if the writer thread released them too, every reference count would
    /// bounce between the two cores' caches (a tenth of the store's time on a fast replay).
    var written: [FinderEvent] = []
    /// The first write error.
    var failure: (any Error)?
    /// The writer thread waits on `wake` (only the producer clears this and signals).
    var isWriterAsleep = false
    /// A producer waits on `room` (only the writer thread clears this and signals).
    var isProducerWaiting = false
    /// No more events will come: the writer thread drains the queue and ends.
    var isClosed = false
    /// Whether the writer thread was started (it starts with the first events).
    var isStarted = false
    /// Whether the writer thread has ended (after draining the queue).
    var isDrained = false
  }

  private let writer: any EventWriter
  /// Whether the writer runs on the writer thread; if not, ``write(_:)`` writes at once.
  private let isOnOwnThread: Bool
  private let onWaitingForRoom: (@Sendable () -> Void)?
  private let shared = Mutex(Shared())
  private let wake = DispatchSemaphore(value: 0)
  private let room = DispatchSemaphore(value: 0)
  private let drained = DispatchSemaphore(value: 0)

  /// Wraps a writer.
  ///
  /// - Parameters:
  ///   - writer: The writer.
  ///   - onOwnThread: Whether the writer runs on a thread of its own (started with the first
  ///     events); if not, each ``write(_:)`` writes its events before it returns, under the lock.
  ///   - onWaitingForRoom: Told on the producer's thread just before it waits for room (for
  ///     tests).
  init(
    _ writer: any EventWriter,
    onOwnThread: Bool = true,
    onWaitingForRoom: (@Sendable () -> Void)? = nil
  ) {
    self.writer = writer
    isOnOwnThread = onOwnThread
    self.onWaitingForRoom = onWaitingForRoom
  }

  /// Queues events for the writer, in order (or writes them, when not on its own thread); after
  /// a write failure, drops them.
  ///
  /// Waits only while ``capacity`` events are already waiting.
  func write(_ events: [FinderEvent]) {
    guard !events.isEmpty else { return }
    guard isOnOwnThread else { return writeNow(events) }
    var written: [FinderEvent] = []
    let (isStarting, isWaking, isFull) = locked { shared in
      swap(&written, &shared.written)
      guard shared.failure == nil, !shared.isClosed else { return (false, false, false) }
      shared.pending.append(contentsOf: events)
      let isStarting = !shared.isStarted
      shared.isStarted = true
      let isWaking = shared.isWriterAsleep
      shared.isWriterAsleep = false
      let isFull = shared.pending.count >= Self.capacity
      if isFull { shared.isProducerWaiting = true }
      return (isStarting, isWaking, isFull)
    }
    if isStarting { startWriterThread() }
    if isWaking { wake.signal() }
    if isFull {
      onWaitingForRoom?()
      room.wait()
    }
  }

  /// Waits for every queued event to be written, then finishes the writer.
  ///
  /// - Throws: The first write error, or the writer's error when finishing.
  func finish() throws {
    close()
    let failure = locked { $0.failure }
    if let failure { throw failure }
    try writer.finish()
  }

  /// Lets the writer thread drain the queue and end, and waits for it; idempotent.
  ///
  /// For a run that ends early (an error before ``finish()``), so the thread never outlives it.
  func close() {
    let (isWaking, isRunning) = locked { shared in
      shared.isClosed = true
      let isWaking = shared.isWriterAsleep
      shared.isWriterAsleep = false
      return (isWaking, shared.isStarted && !shared.isDrained)
    }
    if isWaking { wake.signal() }
    guard isRunning else { return }
    drained.wait()
    drained.signal()
    // Taking the lock after the thread's last use of the writer orders that use before ours.
    locked { precondition($0.isDrained) }
  }

  /// Runs `body` with the lock held.
  private func locked<Result>(_ body: (inout Shared) throws -> Result) rethrows -> Result {
    try shared.withLock { try body(&$0) }
  }

  /// Writes events on the calling thread, under the lock so writes never overlap.
  private func writeNow(_ events: [FinderEvent]) {
    locked { shared in
      guard shared.failure == nil, let error = writeAll(events) else { return }
      shared.failure = error
    }
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

  private func startWriterThread() {
    let thread = Thread { [self] in drainUntilClosed() }
    thread.name = "forage-output"
    thread.start()
  }

  /// The writer thread: takes every waiting event at once and writes them, until closed.
  private func drainUntilClosed() {
    var batch: [FinderEvent] = []
    var dozes = 0
    while true {
      enum Next { case write, doze, sleep, end }
      let (next, isMakingRoom) = locked { shared -> (Next, Bool) in
        // Hand the events written last time back for the producer to free (see `written`).
        if !batch.isEmpty {
          if shared.written.isEmpty {
            swap(&shared.written, &batch)
          } else {
            shared.written.append(contentsOf: batch)
            batch.removeAll(keepingCapacity: true)
          }
        }
        let isMakingRoom = shared.isProducerWaiting
        shared.isProducerWaiting = false
        if !shared.pending.isEmpty {
          swap(&batch, &shared.pending)
          return (.write, isMakingRoom)
        }
        if shared.isClosed {
          shared.isDrained = true
          return (.end, isMakingRoom)
        }
        if dozes < Self.dozesBeforeSleep { return (.doze, isMakingRoom) }
        shared.isWriterAsleep = true
        return (.sleep, isMakingRoom)
      }
      if isMakingRoom { room.signal() }
      if next == .doze { dozes += 1 } else { dozes = 0 }
      switch next {
      case .write:
        if let error = writeAll(batch) {
          locked { shared in
            shared.failure = shared.failure ?? error
            shared.pending.removeAll()
          }
        }
      case .doze:
        _ = wake.wait(timeout: .now() + Self.doze)
      case .sleep:
        wake.wait()
      case .end:
        drained.signal()
        return
      }
    }
  }
}
