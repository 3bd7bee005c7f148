import ForageStore
import Foundation

/// Writes every action the reducer receives as one JSON line, for `forage replay`: the
/// ``RecordingFormat``, through the actions' `Codable` conformances.
///
/// Placed last in the middleware chain, it records exactly what is reduced. Actions hold no
/// secrets: the API key is never part of one.
final class ActionRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private let sink: any TextSink
  private let encoder = RecordingFormat.makeEncoder()
  private var failure: (any Error)?

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
    lock.withLock {
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
    try lock.withLock {
      if let failure { throw failure }
      try sink.commit()
    }
  }
}
