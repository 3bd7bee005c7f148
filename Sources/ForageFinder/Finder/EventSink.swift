import Synchronization

/// Hands the store's events to a writer from the subscriber, keeping the first write error.
///
/// `@unchecked Sendable` only because writers are not `Sendable`: the writer is touched only
/// while holding the lock on ``failure``, so writes never overlap.
final class EventSink: @unchecked Sendable {
  private let writer: any EventWriter
  /// The first write error; its lock also serialises every use of the writer.
  private let failure = Mutex<(any Error)?>(nil)

  /// Wraps a writer.
  init(_ writer: any EventWriter) { self.writer = writer }

  /// Writes events in order; after a failure, writes nothing more.
  func write(_ events: [FinderEvent]) {
    failure.withLock { failure in
      guard failure == nil else { return }
      do {
        for event in events { try writer.write(event) }
      } catch {
        failure = error
      }
    }
  }

  /// Finishes the writer, or throws the first write error.
  func finish() throws {
    try failure.withLock { failure in
      if let failure { throw failure }
      try writer.finish()
    }
  }
}
