import Foundation

/// Hands the store's events to a writer from the subscriber, keeping the first write error.
final class EventSink: @unchecked Sendable {
  private let lock = NSLock()
  private let writer: any EventWriter
  private var failure: (any Error)?

  /// Wraps a writer.
  init(_ writer: any EventWriter) { self.writer = writer }

  /// Writes events in order; after a failure, writes nothing more.
  func write(_ events: [FinderEvent]) {
    lock.withLock {
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
    try lock.withLock {
      if let failure { throw failure }
      try writer.finish()
    }
  }
}
