import ForageFinder
import ForageStore
import Synchronization

/// Writes every action the reducer receives as one JSON line, for `forage replay`: the
/// ``RecordingFormat``, through the actions' `Codable` conformances.
///
/// Placed last in the middleware chain, it records exactly what is reduced. Actions hold no
/// secrets: the API key is never part of one.
///
/// `@unchecked Sendable` only because sinks are not `Sendable`: the sink is touched only while
/// holding the lock on ``failure``, so writes never overlap.
final class ActionRecorder: @unchecked Sendable {
  private let sink: any TextSink
  private let encoder = RecordingFormat.makeEncoder()
  /// The first write error; its lock also serialises every use of the sink.
  private let failure = Mutex<(any Error)?>(nil)

  /// Starts a recording on a sink, writing its header.
  init(sink: any TextSink, header: RecordingHeader) throws {
    self.sink = sink
    try sink.write(RecordingFormat.line(header, using: encoder))
  }

  /// The middleware that records.
  var middleware: Middleware<FinderState, FinderAction> {
    Middleware { [self] _, action, next in
      record(action)
      next(action)
    }
  }

  private func record(_ action: FinderAction) {
    failure.withLock { failure in
      guard failure == nil else { return }
      do {
        try sink.write(RecordingFormat.line(action, using: encoder))
      } catch {
        failure = error
      }
    }
  }

  /// Commits the recording, or throws the first write error.
  func finish() throws {
    try failure.withLock { failure in
      if let failure { throw failure }
      try sink.commit()
    }
  }
}
